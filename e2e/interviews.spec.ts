import { expect, test, type Page } from '@playwright/test';
import { openDemoRecruitment, setServerClockOffset } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, expectNoAxeViolationsInDialog, signInAs } from './fixtures.ts';

const ELENA = { name: 'Elena García' };

/** A wall-clock moment on this machine (the browser shares its timezone) as the form takes it. */
function slot(at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${pad(at.getMonth() + 1)}/${pad(at.getDate())}/${String(at.getFullYear()).slice(2)}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

async function fillSchedule(page: Page, input: { candidate: string; at: Date }) {
  const dialog = page.getByRole('dialog', { name: 'Schedule an interview' });
  await dialog.getByRole('combobox', { name: 'Candidate' }).click();
  await page.getByRole('option', { name: input.candidate }).click();
  await dialog.getByRole('combobox', { name: 'Interview type' }).click();
  await page.getByRole('option', { name: 'Technical' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Criterion 1' })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Video link' }).fill('https://meet.example.com/northwind-tech');
  await dialog.getByLabel('Interviewers').click();
  await page.getByRole('option', { name: ELENA.name }).click();
  await dialog.getByRole('textbox', { name: 'Location' }).click();
  const when = slot(input.at);
  await dialog.getByRole('textbox', { name: 'Date' }).fill(when.day);
  await dialog.getByLabel('Start time').fill(when.time);
  return dialog;
}

test('schedule an interview with a conflict warning, then the interviewer submits a scorecard and sees the summary', async ({
  page,
  browser,
}, testInfo) => {
  // The scorecard opens once the interview has started: the app's clock and Elena's browser's are moved
  // past its start rather than waited for.
  test.setTimeout(120_000);
  await page.goto('/dashboard');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
  const recruitment = await openDemoRecruitment(page, 2);
  const [first, second] = recruitment.candidates as [string, string];

  await page.goto(`/recruitment/${recruitment.id}/interviews`);
  await expect(page.getByRole('tab', { name: 'Interviews', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule interview' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first interview: soon, with Elena (the form is filled before the time is read, to keep it in the future).
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  await expectNoAxeViolationsInDialog(page);
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
  let dialog = await fillSchedule(page, { candidate: first, at: start });
  await dialog.getByRole('button', { name: 'Schedule interview' }).click();
  // Another spec may have booked Elena then; the warning never blocks.
  const anyway = dialog.getByRole('button', { name: 'Schedule anyway' });
  await expect(anyway.or(page.getByText('Interview scheduled; invitations are on their way.'))).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Interviews' });
  await expect(table.getByRole('row').filter({ hasText: first }).first()).toBeVisible();

  // A second one overlapping the first: the conflict is shown before saving, then saved on confirmation.
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  dialog = await fillSchedule(page, { candidate: second, at: new Date(start.getTime() + 30 * 60_000) });
  await dialog.getByRole('button', { name: 'Schedule interview' }).click();
  const warning = dialog.getByRole('alert').filter({ hasText: 'Interviewers are busy then' });
  await expect(warning).toContainText(`${ELENA.name}: Technical with ${first}`);
  await expectNoAxeViolationsInDialog(page);
  await dialog.getByRole('button', { name: 'Schedule anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: second }).first()).toBeVisible();

  // Elena, in her own browser, scores the first interview once it has started: a minute after its start.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, colorScheme: 'light' });
  const elena = await context.newPage();
  const later = start.getTime() + 60_000;
  await elena.clock.install({ time: later });
  await setServerClockOffset(page, later - Date.now());
  try {
    await scoreAsElena();
  } finally {
    await setServerClockOffset(page, 0);
    await context.close();
  }

  async function scoreAsElena() {
    await elena.goto('/dashboard');
    await signInAs(elena, ELENA);
    await expect(elena).toHaveURL(/\/dashboard$/);
    // Her dashboard lists her upcoming interviews (the new ones among them) and the feedback she owes, with links.
    const upcoming = elena.getByRole('region', { name: 'Your upcoming interviews' });
    await expect(upcoming.getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/recruitment\/[0-9a-f-]{36}\/interviews\?interview=[0-9a-f-]{36}$/,
    );
    await expect(elena.getByRole('region', { name: 'Feedback owed' })).toBeVisible();
    await elena.goto(`/recruitment/${recruitment.id}/interviews`);
    const row = elena
      .getByRole('table', { name: 'Interviews' })
      .getByRole('row')
      .filter({ hasText: first })
      .filter({ hasText: 'Technical' });
    await expect(row.first()).toBeVisible();
    const submit = elena.getByRole('button', { name: 'Submit scorecard' });
    await row.first().getByRole('button').click();
    await expect(submit).toBeVisible();
    const details = elena.getByRole('dialog', { name: `Technical with ${first}` });
    await expect(details.getByText('Submit yours to see the others’.')).toBeVisible();
    await expectNoAxeViolationsInDialog(elena);
    const form = details.getByRole('form', { name: 'Your scorecard' });
    // Every criterion of the Technical kit rated "3 · Good".
    for (const good of await form.getByRole('radio', { name: '3 · Good' }).all()) await good.check();
    await form.getByRole('radio', { name: 'Strong yes' }).check();
    await form.getByRole('textbox', { name: 'Notes' }).fill('Clear reasoning and good tests.');
    await submit.click();
    await expect(elena.getByText('Scorecard submitted.')).toBeVisible();
    await expect(details.getByRole('article', { name: `Scorecard of ${ELENA.name}` })).toContainText('Clear reasoning and good tests.');
    await expect(details.getByText(/1 of 1 scorecard in · Strong yes 1/)).toBeVisible();
    await expect(details.getByText('Submit yours to see the others’.')).toHaveCount(0);
  }
});
