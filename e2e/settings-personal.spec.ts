import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ORGANISATION, DEMO_OWNER, expectNoAxeViolations, signInAs, signInAsNewOwner } from './fixtures.ts';

async function signInAsDana(page: Page) {
  await page.goto('/login');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
}

const accountMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` });

test('My Personal Settings: rename (the header follows), upload a photo, and sign out everywhere else', async ({ page, browser }) => {
  // A person of their own: this test counts sessions and renames, which must not touch the demo owner.
  const person = 'Ray Settings';
  await signInAsNewOwner(page, { name: person, organisation: 'Ray Settings Ltd' });
  await page.goto('/settings/me');
  await expect(page).toHaveTitle('My Personal Settings · Hireloop');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(person);
  await expect(page.getByLabel('Timezone')).toHaveValue('UTC');
  await expect(page.getByRole('switch', { name: /Mentions/ })).toBeChecked();
  await expectNoAxeViolations(page);

  // Name: saved, and the header's account menu says the new one.
  const renamed = `${person} Jr`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(accountMenu(page, renamed)).toBeVisible();

  // Photo: chosen, previewed, saved; the header shows the stored, resized image.
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3b5bdb' } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Preview of the new photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Your new photo is saved.')).toBeVisible();
  const headerPhoto = accountMenu(page, renamed).locator('img');
  await expect(headerPhoto).toHaveAttribute('src', /^\/api\/v1\/files\/avatars\//);
  const src = await headerPhoto.getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect((await sharp(await served.body()).metadata()).width).toBe(256);

  // A second browser signs in as the same person; "Sign out everywhere else" ends it, not this one.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await signInAs(phonePage, { name: person }); // the identity provider keeps the name it was created with
  await expect(phonePage).toHaveURL(/\/dashboard$/);
  await page.reload();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('button', { name: /^Sign out .*last active/ })).toHaveCount(1);
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
  // With a photo and another session the page shows Remove photo and an enabled sign-out: still accessible.
  await expectNoAxeViolations(page);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Sign out .*last active/ })).toHaveCount(0);
  await phonePage.goto('/dashboard');
  await expect(phonePage).toHaveURL(/\/login/);
  await phone.close();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Organisation Settings: update the website and see it in the audit log', async ({ page }) => {
  await signInAsDana(page);
  await page.goto('/settings/organisation');
  await expect(page).toHaveTitle('Organisation Settings · Hireloop');
  await expect(page.getByLabel('Organisation name')).toHaveValue(DEMO_ORGANISATION);
  const audit = page.getByRole('region', { name: 'Audit log' });
  // The demo history is there (newest first; other specs' changes may come before it).
  await expect(audit.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Website').fill('https://northwind-labs.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The organisation is saved.')).toBeVisible();
  const entry = audit.getByRole('row').filter({ hasText: 'Organisation updated' }).first();
  await expect(entry).toContainText(DEMO_OWNER.name);
  await expect(entry).toContainText('website: https://northwind.example → https://northwind-labs.example');

  // Filters: only Dana's entries, then an action nobody took.
  await audit.getByLabel('Action').fill('organisation.logo_removed');
  await expect(audit.getByText('No entries match these filters.')).toBeVisible();
  // The field's suggestions stay open over the table until dismissed, as a person would.
  await audit.getByLabel('Action').press('Escape');
  await audit.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entry).toBeVisible();

  await page.getByLabel('Website').fill('https://northwind.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Website')).toHaveValue('https://northwind.example');
});

test('Organisation Settings: the owner deletes a fresh organisation by typing its name', async ({ page, context }) => {
  await signInAsDana(page);
  // A fresh organisation (it becomes Dana's current one), made through the API the create form uses.
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/v1/organisations', {
    data: { name: 'Short Lived Co' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(created.status()).toBe(201);

  await page.goto('/settings/organisation');
  await expect(page.getByLabel('Organisation name')).toHaveValue('Short Lived Co');
  await page.getByRole('button', { name: 'Delete organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Short Lived Co?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const confirm = dialog.getByRole('button', { name: 'Delete organisation' });
  await dialog.getByLabel('Type Short Lived Co to confirm').fill('Short lived co');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type Short Lived Co to confirm').fill('Short Lived Co');
  await confirm.click();

  await expect(page).toHaveURL(/\/settings\/my-organisations$/);
  await expect(page.getByText('Short Lived Co and all its data are deleted.')).toBeVisible();
  await expect(page.getByRole('main').getByText(DEMO_ORGANISATION).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Short Lived Co', { exact: true })).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/organisation/${(await created.json()).organisation.id}`);
  expect(gone.status()).toBe(404);
});
