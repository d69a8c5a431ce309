import { expect, test } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

test('a recruiter creates a role through the multi-step form, with its draft surviving a reload, and sees it on /jobs and its page', async ({
  page,
}) => {
  await page.goto('/jobs');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveTitle('Job roles · Hireloop');
  const table = page.getByRole('table', { name: 'Job roles' });
  await expect(table.getByRole('row', { name: /Senior Backend Engineer/ })).toContainText('Open');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'New role' }).click();
  let dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByRole('textbox', { name: 'Role name' }).fill('Staff Data Scientist');
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Engineering', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Experience level' }).click();
  await page.getByRole('option', { name: 'Senior', exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 2, then a reload: the draft brings the values back.
  await dialog.getByRole('textbox', { name: 'Location', exact: true }).fill('Lisbon');
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith(':create-role') && localStorage.getItem(k)!.includes('Lisbon'))),
    )
    .toBe(true);
  await page.reload();
  dialog = page.getByRole('dialog', { name: 'New role' });
  await expect(dialog.getByRole('textbox', { name: 'Role name' })).toHaveValue('Staff Data Scientist');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Location', exact: true })).toHaveValue('Lisbon');
  await dialog.getByRole('combobox', { name: 'Location type' }).click();
  await page.getByRole('option', { name: 'Remote', exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByRole('textbox', { name: 'Minimum salary' }).fill('90000');
  await dialog.getByRole('textbox', { name: 'Maximum salary' }).fill('70000');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('The minimum salary may not be more than the maximum.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Maximum salary' }).fill('110000');
  await dialog.getByRole('button', { name: 'Next' }).click();

  const editor = dialog.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Turn warehouse data into forecasts.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Open', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create role' }).click();

  await expect(page).toHaveURL(/\/roles\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle('Role · Hireloop');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Data Scientist' })).toBeVisible();
  await expect(page.getByText('Turn warehouse data into forecasts.')).toBeVisible();
  await expect(page.getByText('Remote · Lisbon')).toBeVisible();
  await expect(page.getByText('Engineering')).toBeVisible();
  await expect(page.getByText(/€90,000–€110,000 per year/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Close it, then see it on /jobs with the closed filter.
  await page.getByRole('button', { name: 'Close role' }).click();
  await expect(page.getByRole('button', { name: 'Open role' })).toBeVisible();
  await page.getByRole('link', { name: 'Job roles' }).first().click();
  await expect(page).toHaveURL(/\/jobs$/);
  await page.getByRole('textbox', { name: 'Search roles' }).fill('data scientist');
  const row = page.getByRole('table', { name: 'Job roles' }).getByRole('row', { name: /Staff Data Scientist/ });
  await expect(row).toContainText('Engineering');
  await expect(row).toContainText('Senior');
  await expect(row).toContainText('Closed');
});

test('an unknown role shows that it does not exist, accessibly', async ({ page }) => {
  await page.goto('/roles/00000000-0000-4000-8000-000000000000');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveTitle('Role · Hireloop');
  await expect(page.getByText('This role does not exist or was deleted.')).toBeVisible();
  await expectNoAxeViolations(page);
});
