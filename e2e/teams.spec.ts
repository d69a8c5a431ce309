import { expect, test } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

test('a recruiter creates a client, opens it, sets its hiring team and sees it in the list', async ({ page }) => {
  await page.goto('/clients');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveTitle('Teams · Hireloop');
  const table = page.getByRole('table', { name: 'Teams and clients' });
  // The demo organisation's teams, with their counts.
  await expect(table.getByRole('row', { name: /Engineering/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team or client' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Globex Logistics');
  await dialog.getByText('Client', { exact: true }).click();
  await dialog.getByLabel('Contact name').fill('Hank Scorpio');
  await dialog.getByLabel('Contact email').fill('not an email');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Contact email').fill('hank@globex.example');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Globex Logistics' }).click();
  await expect(page).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle('Team · Hireloop');
  await expect(page.getByRole('heading', { level: 1, name: 'Globex Logistics' })).toBeVisible();
  await expect(page.getByText('Contact: Hank Scorpio')).toBeVisible();
  await expect(page.getByText('No one is on the hiring team yet.')).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Members of the hiring team' });
  await picker.click();
  await page.getByRole('option', { name: 'Priya Raman' }).click();
  await picker.click();
  await page.getByRole('option', { name: 'Marcus Lee' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save hiring team' }).click();
  const members = page.getByRole('list', { name: 'Hiring team members' });
  await expect(members.getByText('Priya Raman')).toBeVisible();
  await expect(members.getByText('Marcus Lee')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: '← Teams' }).click();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Clients', exact: true }).click();
  const row = table.getByRole('row', { name: /Globex Logistics/ });
  await expect(row).toContainText('Client');
  await expect(row).toContainText('Hank Scorpio');
  // Job roles 0, hiring team 2.
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(table.getByRole('row', { name: /Engineering/ })).toBeHidden();
});

test('a team’s page shows its hiring team and links its roles', async ({ page }) => {
  await page.goto('/teams');
  await signInAs(page, { name: DEMO_OWNER.name });
  await page.getByRole('link', { name: 'Engineering' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  // The role, and below it the recruitment for it (its candidates).
  await expect(page.getByRole('link', { name: 'Senior Backend Engineer' }).first()).toHaveAttribute('href', /\/roles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Recruitments' }).getByRole('link', { name: 'Senior Backend Engineer' })).toHaveAttribute(
    'href',
    /\/recruitment\/[0-9a-f-]{36}\/candidates$/,
  );
  await expect(page.getByRole('list', { name: 'Hiring team members' }).getByText('Dana Whitfield')).toBeVisible();
});
