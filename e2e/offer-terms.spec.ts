import { expect, test } from '@playwright/test';
import { organisationApi, seedRecruitmentWithCandidate } from './api-helpers.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInDialog, inLightDarkAndNarrow, signInAsNewOwner, typedDay } from './fixtures.ts';

const RANGE = /CHF\s90,000 – CHF\s110,000 per year/;

test("an offer starts in the role's currency, warns outside the role's range, and a row of the list opens it", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = 'Olga Offers';
  await signInAsNewOwner(page, { name: owner, organisation: `Offer Terms ${Date.now()}` });
  const api = await organisationApi(page);
  const role = await page.request.post(`${api.base}/role`, {
    data: {
      name: 'Platform Engineer',
      status: 'open',
      salary_min: 90000,
      salary_max: 110000,
      salary_currency: 'CHF',
      salary_period: 'year',
    },
    headers: api.headers,
  });
  expect(role.status()).toBe(201);
  const candidate = 'Zoe Zurich';
  const { recruitmentId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Zurich platform',
    roleName: 'Platform Engineer',
    candidate: { name: candidate, email: `zoe.${Date.now()}@example.test` },
  });

  await page.goto(`/recruitment/${recruitmentId}/offers`);
  await page.getByRole('button', { name: 'Create offer' }).click();
  const form = page.getByRole('dialog', { name: 'Create offer' });
  // The role's currency, not EUR; the salary field names the role's range.
  await expect(form.getByRole('combobox', { name: /^Currency/ })).toHaveValue('CHF');
  await expect(form.getByText(/The role's range: CHF\s90,000 – CHF\s110,000 per year\./)).toBeVisible();
  await form.getByRole('combobox', { name: /^Candidate/ }).click();
  await page.getByRole('option', { name: candidate }).click();

  const salary = form.getByRole('textbox', { name: /^Salary/ });
  const warning = form.getByTestId('salary-range-warning');
  await salary.fill('80000');
  await expect(warning).toContainText("The salary is below the role's range");
  await expect(warning).toContainText(RANGE);
  await inLightDarkAndNarrow(page, () => expectNoAxeViolations(page));
  await salary.fill('100000');
  await expect(warning).toHaveCount(0);
  await salary.fill('125000');
  await expect(warning).toContainText("The salary is above the role's range");
  // A warning, not an error: the form goes on.
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('textbox', { name: /^Start date/ }).fill(typedDay(60));
  await form.getByRole('textbox', { name: /^Start date/ }).press('Tab');
  await form.getByRole('textbox', { name: /^Offer expires on/ }).fill(typedDay(14));
  await form.getByRole('textbox', { name: /^Offer expires on/ }).press('Tab');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('combobox', { name: 'Add an approver' }).click();
  await page.getByRole('option', { name: owner }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('tab', { name: /Review/, selected: true })).toBeVisible();
  await expect(warning).toContainText("above the role's range");
  await form.getByRole('button', { name: 'Create offer' }).click();

  // The drawer shows the warning, and to the approver once it is waiting for them.
  const drawer = page.getByRole('dialog', { name: `Offer to ${candidate}` });
  await expect(drawer.getByText(/^CHF\s125,000 per year$/)).toBeVisible();
  const drawerWarning = drawer.getByTestId('salary-range-warning');
  await expect(drawerWarning).toContainText("The salary is above the role's range");
  await expect(drawerWarning).toContainText('It can still be approved and sent');
  await drawer.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(drawer.getByRole('region', { name: /Your decision/ })).toBeVisible();
  await expect(drawerWarning).toContainText('Check it before you approve.');
  await expect(drawerWarning).toContainText(RANGE);
  await inLightDarkAndNarrow(page, () => expectNoAxeViolationsInDialog(page, 'the offer drawer'));
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // A row of the list opens the offer: a click anywhere on it…
  const row = page.getByRole('table', { name: 'Offers' }).getByRole('row', { name: new RegExp(`Offer to ${candidate}`) });
  await row.getByText('Pending approval').click();
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/[?&]offer=[0-9a-f-]{36}/);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  // …or Enter on the row, reached with the keyboard.
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  // Checked once the drawer has gone: axe reads a closing drawer's fading title as faint text.
  await expect(drawer).toBeHidden();
  await inLightDarkAndNarrow(page, () => expectNoAxeViolations(page));
});

test('an hourly rate with pence: "15,50" typed in the form is offered as £15.50 per hour', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNewOwner(page, { name: 'Hana Hourly', organisation: `Hourly Rates ${Date.now()}` });
  const api = await organisationApi(page);
  const role = await page.request.post(`${api.base}/role`, {
    data: { name: 'Support Agent', status: 'open', salary_min: 12, salary_max: 18, salary_currency: 'GBP', salary_period: 'hour' },
    headers: api.headers,
  });
  expect(role.status()).toBe(201);
  const candidate = 'Manny Manchester';
  const { recruitmentId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Manchester support',
    roleName: 'Support Agent',
    candidate: { name: candidate, email: `manny.${Date.now()}@example.test` },
  });

  await page.goto(`/recruitment/${recruitmentId}/offers`);
  await page.getByRole('button', { name: 'Create offer' }).click();
  const form = page.getByRole('dialog', { name: 'Create offer' });
  await form.getByRole('combobox', { name: /^Candidate/ }).click();
  await page.getByRole('option', { name: candidate }).click();
  const salary = form.getByRole('textbox', { name: /^Salary/ });
  await salary.pressSequentially('15,50');
  await expect(salary).toHaveValue('15.50');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('textbox', { name: /^Start date/ }).fill(typedDay(60));
  await form.getByRole('textbox', { name: /^Start date/ }).press('Tab');
  await form.getByRole('textbox', { name: /^Offer expires on/ }).fill(typedDay(14));
  await form.getByRole('textbox', { name: /^Offer expires on/ }).press('Tab');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('tab', { name: /Review/, selected: true })).toBeVisible();
  await expect(form.getByText(/£15\.50 per hour/)).toBeVisible();
  await form.getByRole('button', { name: 'Create offer' }).click();

  const drawer = page.getByRole('dialog', { name: `Offer to ${candidate}` });
  await expect(drawer.getByText(/^£15\.50 per hour$/)).toBeVisible();
  const offers = await (await page.request.get(`${api.base}/recruitments/${recruitmentId}/offers`)).json();
  expect(offers.offers.data[0]).toMatchObject({ salary: 15.5, currency: 'GBP', salary_period: 'hour' });
});
