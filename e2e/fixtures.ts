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

/** No WCAG A/AA violations on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
