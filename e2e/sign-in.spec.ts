import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

test('a visitor is sent to /login, signs in with the demo account and lands on the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle('Log in · Hireloop');
  await expectNoAxeViolations(page);
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · Hireloop');
  await expect(page.getByRole('banner').getByText(DEMO_ORGANISATION).first()).toBeVisible();
  await expect(page.getByText(/trial ends/i).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('after sign-in the visitor lands back on the page they asked for', async ({ page }) => {
  await page.goto('/jobs');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fjobs/);
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page).toHaveTitle('Job roles · Hireloop');
});

test('opened at another address of the server (localhost for 127.0.0.1), the app moves to APP_URL and sign-in works', async ({
  page,
  baseURL,
}) => {
  const appUrl = new URL(baseURL!);
  const other = new URL(baseURL!);
  other.hostname = appUrl.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  await page.goto(new URL('/jobs', other).href);
  await expect(page).toHaveURL(new URL('/login?redirect=%2Fjobs', appUrl).href);
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(new URL('/jobs', appUrl).href);
  await expect(page).toHaveTitle('Job roles · Hireloop');
  await expect(page.getByText('Sign-in failed')).toHaveCount(0);
});

test('a sign-in started with a return_to that browsers read as another site ends on the dashboard here', async ({ page, baseURL }) => {
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'evil.example') offSite.push(request.url());
  });
  // `/<TAB>/evil.example`: a browser drops the tab and reads `//evil.example`.
  await page.goto(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent('/\t/evil.example')}`);
  await expect(page).toHaveTitle('Choose an account · Hireloop');
  await page.getByRole('button', { name: new RegExp(DEMO_OWNER.name) }).click();
  await expect(page).toHaveURL(new URL('/dashboard', baseURL).href);
  await expect(page).toHaveTitle('Dashboard · Hireloop');
  expect(offSite).toEqual([]);
});

test('a sign-in started with a return_to of a page of the app lands on that page', async ({ page, baseURL }) => {
  await page.goto(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent('/settings/me?from=mail#top')}`);
  await expect(page).toHaveTitle('Choose an account · Hireloop');
  await page.getByRole('button', { name: new RegExp(DEMO_OWNER.name) }).click();
  await expect(page).toHaveURL(new URL('/settings/me?from=mail#top', baseURL).href);
  await expect(page).toHaveTitle('My Personal Settings · Hireloop');
});

test('a brand-new identity creates its first organisation through the multi-step form and starts a trial', async ({ page }) => {
  await page.goto('/get-started');
  await expect(page).toHaveTitle('Log in · Hireloop');
  await signInAs(page, { newIdentity: { name: 'Grace Newcomer', email: `grace-${Date.now()}@example.test` } });
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page).toHaveTitle('Log in · Hireloop');

  await page.getByLabel('Organisation name').fill('Lovelace Analytics');
  await expect(page.getByLabel('URL slug')).toHaveValue('lovelace-analytics');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Timezone')).toBeVisible();
  await page.getByLabel('Website').fill('https://lovelace.example');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create organisation' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Lovelace Analytics').first()).toBeVisible();
  await expect(page.getByText(/trial ends/i).first()).toBeVisible();
});

test('logging out ends the session on the server', async ({ page, context }) => {
  await page.goto('/login');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await context.cookies()).find((c) => c.name === 'hireloop_session');
  expect(session?.httpOnly).toBe(true);
  await page.getByRole('button', { name: new RegExp(DEMO_OWNER.name) }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The old cookie is dead server-side, not just forgotten by the browser.
  const res = await page.request.get('/api/v1/auth', { headers: { cookie: `hireloop_session=${session!.value}` } });
  expect(res.status()).toBe(401);
});
