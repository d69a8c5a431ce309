import { expect, test } from '@playwright/test';
import { openDemoRecruitment } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, expectNoAxeViolationsInDialog, signInAs } from './fixtures.ts';

/** A day on this machine's calendar (the browser shares its timezone), `daysAgo` before today, as the date field takes it. */
function dayOf(daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getMonth() + 1)}/${pad(at.getDate())}/${String(at.getFullYear()).slice(2)}`;
}

test('log an interview that already took place, then fill in its scorecard at once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
  const recruitment = await openDemoRecruitment(page, 1);
  const candidate = recruitment.candidates[0]!;
  await page.goto(`/recruitment/${recruitment.id}/interviews`);
  await page.getByRole('button', { name: 'Schedule interview' }).click();

  // A past time by mistake is refused for a planned interview, with the way out named.
  let dialog = page.getByRole('dialog', { name: 'Schedule an interview' });
  await dialog.getByRole('combobox', { name: 'Candidate' }).click();
  await page.getByRole('option', { name: candidate }).click();
  await dialog.getByRole('combobox', { name: 'Interview type' }).click();
  await page.getByRole('option', { name: 'Technical' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Criterion 1' })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Room Ada');
  await dialog.getByLabel('Interviewers').click();
  await page.getByRole('option', { name: DEMO_OWNER.name }).click();
  await dialog.getByRole('textbox', { name: 'Location' }).click();
  // Earlier today (the planner's calendar offers no past day).
  await dialog.getByLabel('Start time').fill('00:00');
  await dialog.getByRole('textbox', { name: 'Date' }).fill(dayOf(0));
  await dialog.getByRole('button', { name: 'Schedule interview' }).click();
  await expect(dialog.getByText(/The interview must start in the future\. To record an interview that already took place/)).toBeVisible();

  // Logged deliberately, it is a record: no invitations, and it opens among the past interviews.
  await dialog.getByText('Log a past interview').click();
  dialog = page.getByRole('dialog', { name: 'Log a past interview' });
  await expect(dialog.getByText('no invitations are sent')).toBeVisible();
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByRole('textbox', { name: 'Date' }).fill(dayOf(1));
  await expectNoAxeViolationsInDialog(page);
  await dialog.getByRole('button', { name: 'Log interview' }).click();
  await expect(page.getByText('Interview logged; the interviewers can fill in their scorecards now.')).toBeVisible();

  const details = page.getByRole('dialog', { name: `Technical with ${candidate}` });
  await expect(details).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Past' })).toBeChecked();
  const form = details.getByRole('form', { name: 'Your scorecard' });
  for (const good of await form.getByRole('radio', { name: '3 · Good' }).all()) await good.check();
  await form.getByRole('radio', { name: 'Yes', exact: true }).check();
  await form.getByRole('textbox', { name: 'Notes' }).fill('Logged after the fact; solid answers.');
  await expectNoAxeViolationsInDialog(page);
  await details.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(page.getByText('Scorecard submitted.')).toBeVisible();
  await expect(details.getByRole('article', { name: `Scorecard of ${DEMO_OWNER.name}` })).toContainText('Logged after the fact');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('table', { name: 'Interviews' }).getByRole('row').filter({ hasText: candidate }).first()).toBeVisible();

  // The form in dark mode and on a 390 px wide phone.
  for (const look of [
    { colorScheme: 'dark' as const, width: 1280 },
    { colorScheme: 'light' as const, width: 390 },
  ]) {
    await page.emulateMedia({ colorScheme: look.colorScheme });
    await page.setViewportSize({ width: look.width, height: 844 });
    await page.getByRole('button', { name: 'Schedule interview' }).click();
    await page.getByRole('dialog', { name: 'Schedule an interview' }).getByText('Log a past interview').click();
    await expect(page.getByRole('dialog', { name: 'Log a past interview' })).toBeVisible();
    await expectNoAxeViolationsInDialog(page);
    await page.getByRole('dialog', { name: 'Log a past interview' }).getByRole('button', { name: 'Cancel' }).click();
    await expectNoAxeViolations(page);
  }
});
