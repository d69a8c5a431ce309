import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInAsNewOwner } from './fixtures.ts';

/** Calls the API as the signed-in user (cookies + XSRF), the way the app does. */
async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`/api/v1/${path}`, { data, headers: { 'x-xsrf-token': decodeURIComponent(xsrf) } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh organisation with one open role and two recruitments for it. */
async function setUp(page: Page) {
  await signInAsNewOwner(page, { name: 'Casey Candidates', organisation: 'Candidates & Co' });
  const auth = (await (await page.request.get('/api/v1/auth')).json()) as { auth: { organisations: Array<{ id: string; name: string }> } };
  const organisation = auth.auth.organisations.find((o) => o.name === 'Candidates & Co');
  expect(organisation).toBeTruthy();
  const org = `organisation/${organisation!.id}`;
  const { role } = await apiPost<{ role: { id: string } }>(page, `${org}/role`, { name: 'Data Engineer', status: 'open' });
  const first = await apiPost<{ recruitment: { id: string } }>(page, `${org}/recruitments`, {
    role_id: role.id,
    name: 'Data Engineer — spring',
  });
  const second = await apiPost<{ recruitment: { id: string } }>(page, `${org}/recruitments`, {
    role_id: role.id,
    name: 'Data Engineer — autumn',
  });
  return { first: first.recruitment.id, second: second.recruitment.id };
}

async function addCandidate(page: Page, person: { name: string; email: string }) {
  await page.getByRole('button', { name: 'Add a candidate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a candidate' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(person.name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'How consent was given' }).click();
  await page.getByRole('option', { name: 'By e-mail' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Add candidate' }).click();
  return dialog;
}

test('a recruiter adds, imports, moves, rejects and exports candidates', async ({ page }, testInfo) => {
  const { first, second } = await setUp(page);
  const ana = { name: 'Ana Silva', email: `ana.silva-${Date.now()}@example.test` };

  await page.goto(`/recruitment/${first}/candidates`);
  await expect(page).toHaveTitle('Candidates · Hireloop');
  await expect(page.getByText('No candidates yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // By hand: the new application's slide-over opens.
  const dialog = await addCandidate(page, ana);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]application=[0-9a-f-]{36}/);

  // The same e-mail in another recruitment: the existing person is offered, never created twice.
  await page.goto(`/recruitment/${second}/candidates`);
  const again = await addCandidate(page, { name: 'Ana S.', email: ana.email.toUpperCase() });
  await expect(again.getByText(`Ana Silva <${ana.email}> already exists — add them to this recruitment instead.`)).toBeVisible();
  await again.getByRole('button', { name: 'Add Ana Silva to this recruitment' }).click();
  await expect(again).toBeHidden();
  await expect(page).toHaveURL(/[?&]application=[0-9a-f-]{36}/);

  // A CSV with one bad row.
  const csvPath = testInfo.outputPath('people.csv');
  await writeFile(
    csvPath,
    `Full name,E-mail,Phone\nBo Chen,bo.chen-${Date.now()}@example.test,+44 1\n"Stray Quote,stray-${Date.now()}@example.test,\nCleo Park,cleo.park-${Date.now()}@example.test,\nBroken Row,not-an-email,\n`,
  );
  await page.goto(`/recruitment/${first}/candidates`);
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import candidates from CSV' });
  await importDialog.locator('input[type="file"]').setInputFiles(csvPath);
  await expect(importDialog.getByRole('combobox', { name: 'Name column' })).toHaveValue('Full name');
  await expect(importDialog.getByRole('combobox', { name: 'E-mail column' })).toHaveValue('E-mail');
  await expect(importDialog.getByRole('table', { name: 'Preview of the first rows' })).toContainText('Cleo Park');
  // The whole file is checked first: the stray quote's line and the bad e-mail are flagged with their lines.
  const flagged = importDialog.getByRole('table', { name: 'Flagged rows' });
  await expect(flagged.getByRole('row', { name: /^3 Unreadable .*quote on this line is never closed/ })).toBeVisible();
  await expect(flagged.getByRole('row', { name: /^5 Invalid Enter a valid e-mail address/ })).toBeVisible();
  await expect(importDialog.getByRole('status')).toContainText('2 of 4 rows will be imported');
  await expectNoAxeViolations(page);
  await importDialog.getByRole('button', { name: 'Import 2 rows' }).click();
  const refused = importDialog.getByRole('table', { name: 'Refused rows' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('row')).toHaveCount(3);
  await expect(refused.getByRole('row', { name: /^3 This line could not be read as CSV/ })).toBeVisible();
  const report = importDialog.getByLabel('Import report');
  await expect(report).toContainText('Created2');
  await expect(report).toContainText('Refused2');
  await importDialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Candidates' });
  await expect(table.getByTestId('candidate-row')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Board: drag Bo Chen from Applied to Screening; it stays there after a reload.
  await page.locator('label', { hasText: /^Board$/ }).click();
  await expect(page).toHaveURL(/view=board/);
  const columnNamed = (name: string) => page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(columnNamed('Applied').getByTestId('board-card')).toHaveCount(3);
  const handle = page.getByRole('button', { name: 'Move Bo Chen' });
  const target = columnNamed('Screening').getByTestId('board-column-scroll');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 15 });
  await page.mouse.up();
  await expect(columnNamed('Screening').getByText('Bo Chen')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(columnNamed('Screening').getByText('Bo Chen')).toBeVisible();
  await expect(columnNamed('Applied').getByTestId('board-card')).toHaveCount(2);

  // With the keyboard: space picks Cleo Park up, the right arrow goes to the end of the next column, space drops.
  await page.getByRole('button', { name: 'Move Cleo Park' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('board-announcement')).toHaveText('Cleo Park is over the end of Screening.');
  await page.keyboard.press('Space');
  await expect(columnNamed('Screening').getByText('Cleo Park')).toBeVisible();
  await expect(columnNamed('Applied').getByTestId('board-card')).toHaveCount(1);
  await expect(columnNamed('Screening').getByRole('button', { name: 'Move Cleo Park' })).toBeFocused();

  // Bulk: reject two.
  await page.locator('label', { hasText: /^Table$/ }).click();
  await table.getByRole('checkbox', { name: 'Select Cleo Park' }).check();
  await table.getByRole('checkbox', { name: 'Select Bo Chen' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 2 candidates' });
  await reject.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Not enough experience' }).click();
  await reject.getByRole('button', { name: 'Reject 2 candidates' }).click();
  await expect(page.getByText('Rejected 2 candidates.')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(table.getByTestId('candidate-row')).toHaveCount(1);

  // Export everyone (state: all) and read the file.
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(page).toHaveURL(/state=all/);
  await expect(table.getByTestId('candidate-row')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all' }).click();
  const download = await downloading;
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^Name,Email,Phone,Location,Status,Rating,Source,Tags,Applied at,Rejected at,Rejection reason$/);
  expect(lines).toHaveLength(4);
  expect(csv).toContain('Ana Silva');
  expect(lines.find((l) => l.startsWith('Cleo Park'))).toContain('Not enough experience');

  // A shared link shows the same view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('All');
  await expect(table.getByTestId('candidate-row')).toHaveCount(3);
});
