import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Demo people seeded by the server (apps/server/src/db/demo-seed.ts). */
export const DEMO_OWNER = { name: 'Dana Whitfield', email: 'demo@hireloop.test' };
export const DEMO_ORGANISATION = 'Northwind Labs';

/** Clicks "Sign in with Google" and picks an account in the local identity provider's chooser. */
export async function signInAs(page: Page, account: { name: string } | { newIdentity: { name: string; email: string } }) {
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveTitle('Choose an account · Hireloop');
  if ('name' in account) {
    await page.getByRole('button', { name: new RegExp(account.name) }).click();
  } else {
    await page.getByLabel('Name').fill(account.newIdentity.name);
    await page.getByLabel('Email').fill(account.newIdentity.email);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}

/**
 * Signs in as a brand-new identity that owns a fresh organisation (on its trial), so a spec can
 * change things freely without disturbing the demo organisation other specs rely on.
 */
export async function signInAsNewOwner(page: Page, who: { name: string; organisation: string }) {
  await page.goto('/get-started');
  const email = `${who.name.toLowerCase().replace(/[^a-z]+/g, '.')}-${Date.now()}@example.test`;
  await signInAs(page, { newIdentity: { name: who.name, email } });
  await expect(page).toHaveURL(/\/get-started$/);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await page.request.post('/api/v1/organisations', {
    data: { name: who.organisation, timezone: 'Europe/London' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(created.status()).toBe(201);
  return { email };
}

/**
 * No WCAG A/AA violations on the current page, or only inside `within` (e.g. an open dialog, whose
 * page behind is checked on its own); checked once transitions such as a modal opening have finished.
 */
export async function expectNoAxeViolations(page: Page, within?: { selector: string; what: string }) {
  // Still for three frames in a row: a toast or modal that has just mounted starts its transition a
  // frame later, and axe must not read its text while it is half faded in. (The predicate runs
  // once per frame and counts; a predicate returning a promise would not be waited for.)
  await page.evaluate(() => {
    (window as unknown as { __stillFrames: number }).__stillFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __stillFrames: number };
      const still = document.getAnimations().every((a) => a.playState !== 'running');
      w.__stillFrames = still ? w.__stillFrames + 1 : 0;
      return w.__stillFrames >= 3;
    },
    undefined,
    { polling: 'raf' },
  );
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within.selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // Each node with its markup and axe's reason: a CI log is all there is to go on.
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`).join(', ')}`,
  );
  expect(summary, `axe violations ${within ? `in ${within.what}` : `on ${page.url()}`}`).toEqual([]);
}

/** No WCAG A/AA violations inside the open dialog or drawer (Mantine renders both as a dialog section). */
export async function expectNoAxeViolationsInDialog(page: Page, what = 'the dialog') {
  await expectNoAxeViolations(page, { selector: 'section[role="dialog"]', what });
}

/** `check` in light mode, then in dark mode at 390 px wide, then back to light at desktop size. */
export async function inLightDarkAndNarrow(page: Page, check: () => Promise<void>) {
  await check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await check();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** `MM/DD/YY`, the date picker's format, `days` from today. */
export function typedDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${String(d.getFullYear()).slice(2)}`;
}
