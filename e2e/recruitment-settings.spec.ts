import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, inLightDarkAndNarrow, signInAs } from './fixtures.ts';

async function openAsOwner(page: Page, path: string) {
  await page.goto(path);
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The names in the list, in order, read from the rows' move handles ("Move Junior"). */
async function namesIn(list: Locator): Promise<string[]> {
  const labels = await list
    .getByRole('button', { name: /^Move / })
    .evaluateAll((handles) => handles.map((h) => h.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Move /, ''));
}

/** What the list announces to screen readers during a drag (dnd-kit's live region). */
const announced = (page: Page, text: string | RegExp) => expect(page.getByText(text, { exact: true })).toBeAttached();

/** A real drag: press on the item's handle, move in steps onto the target row, release. */
async function dragOnto(page: Page, list: Locator, name: string, target: { name: string; announcement: string }) {
  const handle = list.getByRole('button', { name: `Move ${name}` });
  const to = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Move ${target.name}` }) });
  const from = await handle.boundingBox();
  const onto = await to.boundingBox();
  if (!from || !onto) throw new Error('drag handle or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, onto.y + onto.height / 2, { steps: 20 });
  await announced(page, target.announcement);
  await page.mouse.up();
}

/**
 * dnd-kit's keyboard sensor starts listening for arrow keys in a timer it sets when the item is
 * picked up, which a busy page may run after the pick-up is announced: a timer set now runs after
 * it, so the next key is heard.
 */
const keyboardSensorListening = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const reorderCall = (page: Page, resource: string) =>
  page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().endsWith(`/${resource}/reorder`));

test('experience levels: add, rename, drag to reorder (it persists), delete', async ({ page }) => {
  await openAsOwner(page, '/settings/experience-levels');
  await expect(page).toHaveTitle('Experience levels · Hireloop');
  const list = page.getByRole('list', { name: 'Experience levels' });
  await expect.poll(() => namesIn(list)).toEqual(['Junior', 'Mid-level', 'Senior', 'Lead', 'Principal']);
  await expectNoAxeViolations(page);

  await page.getByLabel('New experience level').fill('Staff');
  await page.getByRole('button', { name: 'Add level' }).click();
  await expect.poll(() => namesIn(list)).toEqual(['Junior', 'Mid-level', 'Senior', 'Lead', 'Principal', 'Staff']);

  // A duplicate is refused with the server's message on the field.
  await page.getByLabel('New experience level').fill('senior');
  await page.getByRole('button', { name: 'Add level' }).click();
  await expect(page.getByText('An experience level with this name already exists.')).toBeVisible();

  await page.getByRole('button', { name: 'Rename Staff' }).click();
  const rename = page.getByLabel('New name for Staff');
  await rename.fill('Staff engineer');
  await rename.press('Enter');
  await expect.poll(() => namesIn(list)).toEqual(['Junior', 'Mid-level', 'Senior', 'Lead', 'Principal', 'Staff engineer']);

  // Drag "Staff engineer" up onto "Senior": it takes position 3, the others move down.
  const saved = reorderCall(page, 'experience-level');
  await dragOnto(page, list, 'Staff engineer', { name: 'Senior', announcement: 'Staff engineer is over position 3 of 6.' });
  expect((await saved).status()).toBe(200);
  await expect.poll(() => namesIn(list)).toEqual(['Junior', 'Mid-level', 'Staff engineer', 'Senior', 'Lead', 'Principal']);
  await page.reload();
  await expect.poll(() => namesIn(list)).toEqual(['Junior', 'Mid-level', 'Staff engineer', 'Senior', 'Lead', 'Principal']);

  // The keyboard moves a level too: space picks it up, arrow down moves it, space drops it.
  const keyboardSaved = reorderCall(page, 'experience-level');
  await list.getByRole('button', { name: 'Move Junior' }).focus();
  await page.keyboard.press('Space');
  // Picking up announces itself, then at once that it hovers over its own place.
  await announced(page, /^(Picked up Junior, at position 1 of 6\.|Junior is over position 1 of 6\.)$/);
  await keyboardSensorListening(page);
  await page.keyboard.press('ArrowDown');
  await announced(page, 'Junior is over position 2 of 6.');
  await page.keyboard.press('Space');
  expect((await keyboardSaved).status()).toBe(200);
  await page.reload();
  await expect.poll(() => namesIn(list)).toEqual(['Mid-level', 'Junior', 'Staff engineer', 'Senior', 'Lead', 'Principal']);

  await page.getByRole('button', { name: 'Delete Staff engineer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Staff engineer?' });
  await dialog.getByRole('button', { name: 'Delete level' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => namesIn(list)).toEqual(['Mid-level', 'Junior', 'Senior', 'Lead', 'Principal']);
});

test('recruitment statuses: add with colour and category, edit, drag to reorder (it persists), delete', async ({ page }) => {
  await openAsOwner(page, '/settings/recruitment-status');
  await expect(page).toHaveTitle('Recruitment status · Hireloop');
  const list = page.getByRole('list', { name: 'Recruitment statuses' });
  const pipeline = ['Applied', 'Screening', 'Technical task', 'Interview', 'Offer', 'Hired', 'Rejected'];
  await expect.poll(() => namesIn(list)).toEqual(pipeline);
  await expectNoAxeViolations(page);

  await page.getByLabel('New stage').fill('Reference check');
  await page.getByLabel('Colour').first().fill('#e64980');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await expect.poll(() => namesIn(list)).toEqual([...pipeline, 'Reference check']);

  await page.getByRole('button', { name: 'Edit Reference check' }).click();
  const edit = page.getByRole('form', { name: 'Edit Reference check' });
  await edit.getByLabel('Name').fill('References');
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  const row = list.getByRole('listitem').filter({ hasText: 'References' });
  await expect(row.getByText('Rejected')).toBeVisible();

  // Drag "References" from the end onto "Interview" (position 4).
  const saved = reorderCall(page, 'recruitment-status');
  await dragOnto(page, list, 'References', { name: 'Interview', announcement: 'References is over position 4 of 8.' });
  expect((await saved).status()).toBe(200);
  const reordered = ['Applied', 'Screening', 'Technical task', 'References', 'Interview', 'Offer', 'Hired', 'Rejected'];
  await expect.poll(() => namesIn(list)).toEqual(reordered);
  await page.reload();
  await expect.poll(() => namesIn(list)).toEqual(reordered);

  // The only "Hired" stage cannot go: the server says why, in the confirmation, and it stays.
  await page.getByRole('button', { name: 'Delete Hired' }).click();
  const refused = page.getByRole('dialog', { name: 'Delete Hired?' });
  await refused.getByRole('button', { name: 'Delete stage' }).click();
  await expect(refused.getByRole('alert')).toContainText(
    'The pipeline needs at least one “Hired” stage. Add another before deleting this one.',
  );
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();
  await expect.poll(() => namesIn(list)).toEqual(reordered);

  await page.getByRole('button', { name: 'Delete References' }).click();
  await page.getByRole('dialog', { name: 'Delete References?' }).getByRole('button', { name: 'Delete stage' }).click();
  await expect.poll(() => namesIn(list)).toEqual(pipeline);
});

test('recruitment defaults are saved and kept', async ({ page }) => {
  await openAsOwner(page, '/settings/recruitment');
  await expect(page).toHaveTitle('Recruitment settings · Hireloop');
  await expect(page.getByRole('tab', { name: 'Recruitment' })).toHaveAttribute('aria-selected', 'true');
  const minutes = page.getByLabel('Default interview length');
  await expect(minutes).toHaveValue('45 min');
  await expectNoAxeViolations(page);
  await minutes.fill('60');
  await page.getByLabel('Keep candidate data for').fill('');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.getByText('Enter a number of months.')).toBeVisible();
  await page.getByLabel('Keep candidate data for').fill('36');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.getByText('Recruitment defaults saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Default interview length')).toHaveValue('60 min');
  await expect(page.getByLabel('Keep candidate data for')).toHaveValue('36 months');
});

test('API keys: create one, see its key once, use it, revoke it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAsOwner(page, '/settings/recruitment');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page).toHaveTitle('API keys · Hireloop');
  await expect(page.getByRole('row', { name: /Nightly HRIS sync/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill('Zapier');
  // Scopes per resource; write ticks read too.
  await dialog.getByRole('checkbox', { name: 'Candidates: write' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Candidates: read' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Organisation: read' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('Copy the key now')).toBeVisible();
  const token = await shown.getByLabel('API key “Zapier”').inputValue();
  expect(token).toMatch(/^hl_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Listed by its prefix only; the key itself is nowhere on the page any more.
  const row = page.getByRole('row', { name: /Zapier/ });
  await expect(row.getByText(`${token.slice(0, 11)}…`)).toBeVisible();
  await expect(row.getByText('Candidates: read & write')).toBeVisible();
  await expect(row.getByText('Organisation: read')).toBeVisible();
  await expect(row.getByText('Offers')).toHaveCount(0);
  await expect(row.getByText(DEMO_OWNER.name)).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();
  expect(await page.content()).not.toContain(token);
  // The scope badges keep their contrast on the dark background too, and on a phone.
  await inLightDarkAndNarrow(page, () => expectNoAxeViolations(page));

  // The key works as a Bearer token on the organisation's routes, without a cookie.
  const me = await (await page.request.get('/api/v1/auth')).json();
  const rolesPath = `/api/v1/organisation/${me.auth.organisations[0].id}/role`;
  const anonymous = await page.context().browser()!.newContext();
  expect((await anonymous.request.get(rolesPath, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await row.getByRole('button', { name: 'Revoke Zapier' }).click();
  await page.getByRole('dialog', { name: 'Revoke Zapier?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /Zapier/ })).toHaveCount(0);
  expect((await anonymous.request.get(rolesPath, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await anonymous.close();
});
