import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

/** A role of our own (open), so this spec never depends on mutating the demo's. */
async function createRole(page: Page, name: string): Promise<string> {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const auth = (await (await page.request.get('/api/v1/auth')).json()) as { auth: { organisations: Array<{ id: string }> } };
  const organisationId = auth.auth.organisations[0]?.id ?? '';
  const created = await page.request.post(`/api/v1/organisation/${organisationId}/role`, {
    data: { name, status: 'open' },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { role: { id: string } }).role.id;
}

test('a recruiter starts a recruitment step by step, with a draft surviving a reload, sees it listed, reads analytics and closes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveTitle('Recruitment Dashboard · Hireloop');
  const roleName = `Platform Engineer ${Date.now()}`;
  const roleId = await createRole(page, roleName);
  // The role search cached the list at load; a reload sees the new role.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Recruitments' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Step 1: the role.
  await page.getByRole('button', { name: 'New recruitment' }).click();
  let dialog = page.getByRole('dialog', { name: 'New recruitment' });
  await dialog.getByRole('combobox', { name: /^Job role/ }).fill(roleName.slice(0, 20));
  await page.getByRole('option', { name: roleName }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 2: the hiring team; then a reload brings the draft back.
  await dialog.getByRole('button', { name: 'Add a member' }).click();
  await dialog.getByRole('combobox', { name: 'Member 1', exact: true }).click();
  await page.getByRole('option', { name: 'Priya Raman' }).click();
  await dialog.getByRole('combobox', { name: 'Role of member 1' }).click();
  await page.getByRole('option', { name: 'Recruiter' }).click();
  await expectNoAxeViolations(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some((k) => k.endsWith(':create-recruitment') && localStorage.getItem(k)!.includes('"role":"recruiter"')),
      ),
    )
    .toBe(true);
  await page.reload();
  dialog = page.getByRole('dialog', { name: 'New recruitment' });
  await expect(dialog.getByRole('combobox', { name: /^Job role/ })).toHaveValue(roleName);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Member 1', exact: true })).toHaveValue('Priya Raman');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 3: details; the name defaults to the role's.
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(roleName);
  await dialog.getByRole('textbox', { name: 'Openings' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Grow the platform team.');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Priya Raman (Recruiter)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start recruitment' }).click();

  await expect(page).toHaveURL(/\/recruitment\/[0-9a-f-]{36}\/candidates$/);
  const recruitmentUrl = new URL(page.url()).pathname.replace(/\/candidates$/, '');
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();

  // Listed on the dashboard with its (empty) pipeline; the role page lists it too.
  await page.goto('/recruitment');
  const row = page.getByRole('table', { name: 'Recruitments' }).getByRole('row', { name: new RegExp(roleName) });
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Opened today');
  await expect(row).toContainText('No active candidates');
  await page.goto(`/roles/${roleId}`);
  await expect(page.getByRole('list', { name: 'Recruitments' }).getByRole('link', { name: roleName })).toBeVisible();

  // A demo recruitment with candidates: its analytics, charts and their tables.
  await page.goto('/recruitment');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Most candidates' }).click();
  await page.getByRole('textbox', { name: 'Search recruitments' }).fill('Senior Backend');
  await page.getByRole('link', { name: 'Analytics of Senior Backend Engineer', exact: true }).click();
  await expect(page).toHaveTitle('Recruitment analytics · Hireloop');
  await expect(page.getByRole('table', { name: 'Candidates who reached each stage' })).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /Bar chart of candidates who reached each stage/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Time in stage' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applications over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rejection reasons' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Close ours, with a reason.
  await page.goto(recruitmentUrl);
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
  await expect(page.getByText('No candidates yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Close recruitment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close this recruitment?' });
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Hired internally');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Close recruitment' }).click();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByText('Closed: Hired internally')).toBeVisible();

  // Closed ones leave the default (active) list and show under "Closed".
  await page.goto('/recruitment');
  await page.getByRole('textbox', { name: 'Search recruitments' }).fill(roleName);
  await expect(page.getByText('No recruitment matches')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await expect(page.getByRole('table', { name: 'Recruitments' }).getByRole('row', { name: new RegExp(roleName) })).toContainText('Closed');
});

test('the dashboard shows the user’s hiring day, accessibly', async ({ page }) => {
  await page.goto('/dashboard');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveTitle('Dashboard · Hireloop');
  await expect(page.getByRole('heading', { name: 'Hiring at a glance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recruitments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  // The demo has interviews Dana is on and an offer waiting for her approval (docs/product.md §14's demo data).
  await expect(page.getByRole('heading', { name: 'Your upcoming interviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approvals waiting for you' })).toBeVisible();
  await expectNoAxeViolations(page);
});
