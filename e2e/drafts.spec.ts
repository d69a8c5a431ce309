import { expect, test, type Page } from '@playwright/test';
import { openDemoRecruitment } from './api-helpers.ts';
import { DEMO_OWNER, signInAs } from './fixtures.ts';

const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('onboarding-draft:')));

async function openAddCandidate(page: Page, recruitmentId: string) {
  await page.goto(`/recruitment/${recruitmentId}/candidates`);
  await page.getByRole('button', { name: 'Add a candidate' }).first().click();
  return page.getByRole('dialog', { name: 'Add a candidate' });
}

test('a half-typed candidate stays with the person who typed it: after they sign out, the next person on the browser gets an empty form', async ({
  page,
}) => {
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/recruitment$/);
  const { id } = await openDemoRecruitment(page, 1);

  let dialog = await openAddCandidate(page, id);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Half Typed');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('half.typed@example.test');
  await expect
    .poll(() =>
      page.evaluate(() => Object.entries(localStorage).some(([k, v]) => k.endsWith(':add-candidate') && v.includes('Half Typed'))),
    )
    .toBe(true);
  // The same person, back on the form, finds it.
  dialog = await openAddCandidate(page, id);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Half Typed');

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Account menu for ${DEMO_OWNER.name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await draftKeys(page)).toEqual([]);

  await signInAs(page, { name: 'Marcus Lee' });
  // Signed in once the app shows it (the chooser's page is not /login either: a URL check raced the callback).
  await expect(page.getByRole('button', { name: 'Account menu for Marcus Lee' })).toBeVisible();
  dialog = await openAddCandidate(page, id);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
});
