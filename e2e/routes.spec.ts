import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

// The sweeps only read, and each signs in on its own: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

/** Every screen of docs/product.md §5 with its title; ids are placeholders the screens resolve or show as not found. */
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

type Sweep = 'light' | 'dark' | 'narrow';

/** The phone width the app must work at (an iPhone 12–15 viewport). */
const NARROW = { width: 390, height: 844 };

/** At 390 px nothing scrolls sideways, and the bell and the account menu (My settings, Log out) are on screen and work. */
async function expectUsableAtNarrowWidth(page: Page, path: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${path} scrolls sideways at ${NARROW.width} px`).toBeLessThanOrEqual(widths.inner);
  const banner = page.getByRole('banner');
  const bell = banner.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeInViewport({ ratio: 1 });
  await bell.click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Notifications' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  const account = banner.getByRole('button', { name: /^Account menu for / });
  await expect(account).toBeInViewport({ ratio: 1 });
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
}

/**
 * Opens `path` as a link inside the app would: the router renders it without reloading the page
 * (a full load per screen made the sweeps the slowest browser tests). The first screen, the
 * redirects and the signed-out sweep still load pages for real.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Visits every screen: its title, its heading, axe (in the sweep's colour scheme), and at 390 px the narrow-screen checks. */
async function sweepScreens(page: Page, sweep: Sweep) {
  if (sweep === 'narrow') await page.setViewportSize(NARROW);
  await page.emulateMedia({ colorScheme: sweep === 'dark' ? 'dark' : 'light' });
  await signedIn(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', sweep === 'dark' ? 'dark' : 'light');
  for (const [from, to] of REDIRECTS) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
  if (sweep === 'narrow') {
    // The side navigation sits behind the burger and takes the reader where they asked.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs' }).click();
    await expect(page).toHaveTitle('Job roles · Hireloop');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).not.toBeInViewport();
  }
  for (const [path, title] of SCREENS) {
    await navigateInApp(page, path);
    await expect(page, path).toHaveTitle(`${title} · Hireloop`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', sweep === 'dark' ? 'dark' : 'light');
    await expectNoAxeViolations(page);
    if (sweep === 'narrow') await expectUsableAtNarrowWidth(page, path);
  }
}

test('every screen has its title, passes axe, and the redirects hold (light)', async ({ page }) => {
  test.setTimeout(180_000);
  await sweepScreens(page, 'light');
});

test('every screen has its title and passes axe in dark mode', async ({ page }) => {
  test.setTimeout(180_000);
  await sweepScreens(page, 'dark');
});

test('every screen has its title, passes axe, fits and keeps the bell and account menu at 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await sweepScreens(page, 'narrow');
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
