import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

/** The demo organisation's interviewer (apps/server/src/db/demo-seed.ts). */
const DEMO_INTERVIEWER = { name: 'Elena García' };

/** Axe in light and dark mode, then at 390 px wide with nothing wider than the screen. */
async function checkEveryWay(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
  await expectNoAxeViolations(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

test('Create organisation: "Next" past empty fields marks the step tab with its errors, and a reload keeps the marks and every tab working', async ({
  page,
}) => {
  await page.goto('/get-started');
  await signInAs(page, { newIdentity: { name: 'Noor Steps', email: `noor-${Date.now()}@example.test` } });
  await expect(page).toHaveURL(/\/get-started$/);

  const organisationTab = page.getByRole('tab', { name: /^Organisation/ });
  await expect(organisationTab).toHaveAttribute('data-status', 'idle');
  await page.getByRole('button', { name: 'Next' }).click();

  // Moved on (incomplete navigation is allowed), and the step left behind shows that it has errors.
  await expect(page.getByLabel('Timezone')).toBeVisible();
  await expect(organisationTab).toHaveAttribute('data-status', 'error');
  await expect(organisationTab).toHaveAccessibleName(/has errors/);
  await expect(organisationTab.getByTestId('step-error-icon')).toBeVisible();
  const red = await organisationTab.evaluate((tab) => getComputedStyle(tab).color);
  const plain = await page.getByRole('tab', { name: /^Review/ }).evaluate((tab) => getComputedStyle(tab).color);
  expect(red).not.toBe(plain);
  await checkEveryWay(page);

  // Fill something on Details, so the draft is saved with the marks; then reload.
  await page.getByLabel('Website').fill('https://steps.example');
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some(
          (k) => k.endsWith(':create-organisation') && /steps\.example.*"submitted":\[0\]/.test(localStorage.getItem(k)!),
        ),
      ),
    )
    .toBe(true);
  await page.reload();

  await expect(page.getByLabel('Organisation name')).toBeVisible();
  await expect(organisationTab).toHaveAttribute('data-status', 'error');
  await expect(organisationTab.getByTestId('step-error-icon')).toBeVisible();
  await expect(page.getByText('The name must be at least 2 characters.')).toBeVisible();

  // Every tab responds after the reload.
  await page.getByRole('tab', { name: /^Review/ }).click();
  await expect(page.getByText(/You will be its owner/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Summary' })).toContainText('https://steps.example');
  await page.getByRole('tab', { name: /^Details/ }).click();
  await expect(page.getByLabel('Website')).toHaveValue('https://steps.example');
  await page.getByRole('tab', { name: /^Organisation/ }).click();

  // Correcting the name clears the mark; the organisation is created and the draft is gone.
  await page.getByLabel('Organisation name').fill('Steps Studio');
  await expect(organisationTab).not.toHaveAttribute('data-status', 'error');
  await expect(organisationTab.getByTestId('step-error-icon')).toHaveCount(0);
  await page.getByRole('tab', { name: /^Review/ }).click();
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The session refresh moves to the dashboard before the submit finishes and removes the draft.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith(':create-organisation')))).toBe(false);
});

test('the job role form: a reload keeps the steps seen, so a later tab such as Pay responds, and Review summarises the role', async ({
  page,
}) => {
  await page.goto('/jobs?new=1');
  await signInAs(page, { name: DEMO_OWNER.name });
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByRole('textbox', { name: 'Role name' }).fill('Platform Reliability Lead');
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Engineering', exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'Location', exact: true }).fill('Porto');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'Minimum salary' }).fill('80000');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some(
          (k) => k.endsWith(':create-role') && /"salary_currency":"EUR".*"visited":\[0,1,2\]/.test(localStorage.getItem(k)!),
        ),
      ),
    )
    .toBe(true);

  await page.reload();
  await expect(dialog.getByRole('textbox', { name: 'Role name' })).toHaveValue('Platform Reliability Lead');
  await expect(dialog.getByRole('tab', { name: /^Role/ })).toHaveAttribute('data-status', 'complete');
  await expect(dialog.getByRole('tab', { name: /^Where and how/ })).toHaveAttribute('data-status', 'complete');
  await dialog.getByRole('tab', { name: /^Pay/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Minimum salary' })).toHaveValue('80,000');

  // Review: a tab further on than any seen step leads to the first unseen one, Description.
  await dialog.getByRole('tab', { name: /^Review/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Keep the platform up and the pager quiet.');
  await dialog.getByRole('button', { name: 'Next' }).click();

  const summary = dialog.getByRole('group', { name: 'Summary' });
  await expect(summary).toContainText('Platform Reliability Lead');
  await expect(summary).toContainText('Engineering');
  await expect(summary).toContainText('On-site · Porto');
  await expect(summary).toContainText('Full-time');
  await expect(summary).toContainText('from €80,000 per year');
  await expect(summary).toContainText('Keep the platform up and the pager quiet.');
  await checkEveryWay(page);
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Reliability Lead' })).toBeVisible();
});

test('an interviewer is not prompted to set up roles, teams, the pipeline or colleagues', async ({ page }) => {
  await page.goto('/dashboard');
  await signInAs(page, DEMO_INTERVIEWER);
  await expect(page).toHaveURL(/\/dashboard$/);
  const part = page.getByRole('region', { name: 'Your part in Northwind Labs' });
  await expect(part).toContainText('Your colleagues who run Northwind Labs set up its job roles, teams and pipeline.');
  await expect(part.getByRole('link')).toHaveCount(0);
  for (const prompt of [
    'Add the job roles you hire for',
    'Set up the teams or clients you hire for',
    'Shape your recruitment pipeline',
    'Bring in your colleagues',
  ]) {
    await expect(page.getByText(prompt)).toHaveCount(0);
  }
  await checkEveryWay(page);

  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Job roles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Job roles' }).getByRole('row', { name: /Senior Backend Engineer/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /New role|Create the first role/ })).toHaveCount(0);
  await expect(page.getByText(/Create the first role/)).toHaveCount(0);
  // The form cannot be opened through its address either.
  await page.goto('/jobs?new=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Job roles' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New role' })).toHaveCount(0);
  await checkEveryWay(page);
});

test('the owner is offered every set-up step on the dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  await signInAs(page, { name: DEMO_OWNER.name });
  const steps = page.getByRole('region', { name: 'Get Northwind Labs hiring' });
  await expect(steps.getByRole('link', { name: 'Add the job roles you hire for' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Bring in your colleagues' })).toBeVisible();
});
