import { expect, test } from '@playwright/test';
import { organisationApi } from './api-helpers.ts';
import { expectNoAxeViolations, inLightDarkAndNarrow, signInAsNewOwner } from './fixtures.ts';

test('subscribing to a product during the trial says the trial includes it at no charge until it ends, and what follows', async ({
  page,
}) => {
  await signInAsNewOwner(page, { name: 'Tina Trial', organisation: `Trial Products ${Date.now()}` });
  // The trial's end, written in full (e.g. December 9, 2026) so it cannot be misread.
  const api = await organisationApi(page);
  const billing = await (await page.request.get(`${api.base}/billing`)).json();
  const until = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso)),
    billing.billing.trail_ends_at as string,
  );
  expect(until).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  // The Website dashboard offers the product; its card and its dialog name the trial.
  await page.goto('/website');
  const offer = page.getByRole('region', { name: 'Get a careers site with the Website product' });
  await expect(offer.getByText(`Included at no charge in your trial, until ${until}.`)).toBeVisible();
  await offer.getByRole('button', { name: 'Subscribe to Website' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Website' });
  await expect(dialog.getByText(`Your trial includes Website at no charge until it ends on ${until}.`)).toBeVisible();
  await expect(
    dialog.getByText(
      `After that, Website costs €29 per month, billed monthly with your plan. You can unsubscribe on the billing page before ${until} and pay nothing.`,
    ),
  ).toBeVisible();
  await inLightDarkAndNarrow(page, () => expectNoAxeViolations(page));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The billing page's dialog says the same.
  await page.goto('/settings/billing');
  await page.getByRole('article', { name: 'Onboarding' }).getByRole('button', { name: 'Subscribe to Onboarding' }).click();
  const onboarding = page.getByRole('dialog', { name: 'Subscribe to Onboarding' });
  await expect(onboarding.getByText(`Your trial includes Onboarding at no charge until it ends on ${until}.`)).toBeVisible();
  await expect(onboarding.getByText(/^After that, Onboarding costs €49 per month/)).toBeVisible();
  await inLightDarkAndNarrow(page, () => expectNoAxeViolations(page));
});
