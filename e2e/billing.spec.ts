import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInAs, signInAsNewOwner } from './fixtures.ts';

/** The owner of a new organisation (on its trial), so the demo organisation stays on its trial for the other specs. */
const signInAsBillingOwner = (page: Page) => signInAsNewOwner(page, { name: 'Bea Billing', organisation: 'Bea Billing Ltd' });

test('the owner sees the trial and the plans, moves to Business yearly and subscribes to Onboarding', async ({ page }) => {
  await signInAsBillingOwner(page);
  await page.goto('/settings/billing');
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page).toHaveTitle('Billing · Hireloop');

  await expect(page.getByText(/Your trial ends on .+, \d+ days? left/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Current plan: Trial' })).toBeVisible();
  for (const name of ['Free', 'Team', 'Business']) await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Seats/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const business = page.getByRole('article', { name: 'Business' });
  await expect(business.getByText('€299', { exact: true })).toBeVisible();
  await page.getByText('Yearly (2 months free)').click();
  await expect(business.getByText('€2,990', { exact: true })).toBeVisible();
  await business.getByRole('button', { name: 'Choose Business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Business' });
  await expect(dialog.getByText('This ends your trial.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Change to Business' }).click();

  await expect(page.getByText('You are now on the Business plan.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Current plan: Business' })).toBeVisible();
  await expect(business.getByText('Current plan')).toBeVisible();
  await expect(page.getByText(/Your trial ends on/)).toHaveCount(0);

  const onboarding = page.getByRole('article', { name: 'Onboarding' });
  await onboarding.getByRole('button', { name: 'Subscribe to Onboarding' }).click();
  await page.getByRole('dialog', { name: 'Subscribe to Onboarding' }).getByRole('button', { name: 'Subscribe to Onboarding' }).click();
  await expect(onboarding.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(onboarding.getByRole('button', { name: 'Unsubscribe from Onboarding' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The change holds after a reload, and the dashboard's trial banner is gone too.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/trial ends/i)).toHaveCount(0);
});

test('a member who is not the owner sees billing read-only', async ({ page }) => {
  await page.goto('/settings/billing');
  await signInAs(page, { name: 'Priya Raman' });
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/Only the organisation’s owner can change the plan or products/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
