import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

/** Every screen of SPEC §2 with its title; ids are placeholders the screens resolve or show as not found. */
const SCREENS: Array<[path: string, title: string]> = [
  ['/dashboard', 'Dashboard'],
  ['/teams', 'Teams'],
  ['/clients', 'Teams'],
  ['/teams/1', 'Team'],
  ['/jobs', 'Job roles'],
  ['/roles/1', 'Role'],
  ['/recruitment', 'Recruitment Dashboard'],
  ['/recruitment/1', 'Recruitment analytics'],
  ['/recruitment/1/candidates', 'Candidates'],
  ['/recruitment/1/interviews', 'Interviews'],
  ['/recruitment/1/offers', 'Offers'],
  ['/website', 'Website Dashboard'],
  ['/onboarding', 'Onboarding Dashboard'],
  ['/onboarding/1', 'Onboarding role'],
  ['/settings/me', 'My Personal Settings'],
  ['/settings/my-organisations', 'My Organisations and Memberships'],
  ['/settings/organisation', 'Organisation Settings'],
  ['/settings/organisation-users', 'Organisation Users'],
  ['/settings/recruitment', 'Recruitment settings'],
  ['/settings/experience-levels', 'Experience levels'],
  ['/settings/recruitment-status', 'Recruitment status'],
  ['/settings/api-keys', 'API keys'],
  ['/settings/billing', 'Billing'],
];

const REDIRECTS: Array<[from: string, to: RegExp]> = [
  ['/', /\/dashboard$/],
  ['/settings', /\/settings\/me$/],
];

async function signedIn(page: Page) {
  await page.goto('/login');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('signed out, every auth route sends the visitor to /login', async ({ page }) => {
  for (const [path] of SCREENS) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login\?redirect=/);
    await expect(page).toHaveTitle('Log in · Hireloop');
  }
});

test('every screen has its title, passes axe, and the redirects hold', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page);
  for (const [from, to] of REDIRECTS) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
  for (const [path, title] of SCREENS) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · Hireloop`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('the title is reset when navigating inside the app', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).first().click();
  await expect(page).toHaveTitle('Job roles · Hireloop');
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveTitle('Dashboard · Hireloop');
});

test('the colour scheme follows the system preference live', async ({ page }) => {
  await signedIn(page);
  const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(scheme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(scheme).toBe('dark');
});

test('an unknown path inside the app shows a not-found page, and /api paths answer JSON', async ({ page }) => {
  await signedIn(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const api = await page.request.get('/api/v1/no-such-route');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'not_found' });
});
