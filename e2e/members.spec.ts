import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

async function signInAsOwner(page: Page) {
  await page.goto('/login');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The accept link of the newest mail to `email` in the dev mailbox (the outbox worker delivers it in the background). */
async function acceptLinkFromMailbox(page: Page, email: string): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveTitle('Dev mailbox · Hireloop');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${DEMO_OWNER.name} invited you to join ${DEMO_ORGANISATION} on Hireloop`,
  );
  const href = await page
    .getByRole('link', { name: /\/invitations\// })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invitations\/[A-Za-z0-9_-]{43}$/);
  return href!;
}

test('an owner invites by email; the invitee accepts in another browser and joins; the owner sees the new member', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `ada-${Date.now()}@example.test`;
  await signInAsOwner(page);
  await page.goto('/settings/organisation-users');
  await expect(page).toHaveTitle('Organisation Users · Hireloop');
  await expect(page.getByRole('table', { name: 'Members' }).getByText('Elena García')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByText('newhire@hireloop.test')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Invite someone to ${DEMO_ORGANISATION}` });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Recruiter' }).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByText(email)).toBeVisible();

  const link = await acceptLinkFromMailbox(page, email);

  // A second browser, signed out: the link shows whom it is from, and sign-in comes back to it.
  const invitee = await browser.newContext({ baseURL: testInfo.project.use.baseURL, colorScheme: 'light' });
  const other = await invitee.newPage();
  await other.goto(link);
  await expect(other).toHaveTitle('Invitation · Hireloop');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Join ${DEMO_ORGANISATION}`);
  await expect(other.getByText(`${DEMO_OWNER.name} invited you to join`)).toBeVisible();
  await expectNoAxeViolations(other);
  await signInAs(other, { newIdentity: { name: 'Ada Lovelace', email } });
  await expect(other).toHaveURL(new URL(link).pathname);
  await other.getByRole('button', { name: 'Accept' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole('banner').getByText(DEMO_ORGANISATION).first()).toBeVisible();
  await invitee.close();

  // The owner sees the new member, found by the server-side search.
  await page.goto('/settings/organisation-users');
  await page.getByLabel('Search members').fill('lovelace');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(members.getByText('Ada Lovelace')).toBeVisible();
  await expect(members.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveValue('Recruiter');
  await expect(page.getByRole('table', { name: 'Pending invitations' }).getByText(email)).toBeHidden();
});

test('an owner changes a role, removes a member after confirming, and revokes an invitation', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/settings/organisation-users');
  const members = page.getByRole('table', { name: 'Members' });

  await members.getByRole('combobox', { name: 'Role of Elena García' }).click();
  await page.getByRole('option', { name: 'Hiring manager' }).click();
  await expect(page.getByText('Elena García is now Hiring manager.')).toBeVisible();

  await members.getByRole('button', { name: 'Remove Tom Okafor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Tom Okafor?' });
  await expect(confirm).toContainText(`loses access to ${DEMO_ORGANISATION} at once`);
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`Tom Okafor was removed from ${DEMO_ORGANISATION}.`)).toBeVisible();
  await expect(members.getByText('Tom Okafor')).toBeHidden();

  const invitations = page.getByRole('table', { name: 'Pending invitations' });
  await invitations.getByRole('button', { name: 'Revoke the invitation to newhire@hireloop.test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(page.getByText('The invitation to newhire@hireloop.test was revoked.')).toBeVisible();
  await expect(invitations.getByText('newhire@hireloop.test')).toBeHidden();
});

test('a recruiter sees the members but none of the controls', async ({ page }) => {
  await page.goto('/login');
  await signInAs(page, { name: 'Priya Raman' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/organisation-users');
  await expect(page.getByRole('table', { name: 'Members' }).getByText(DEMO_OWNER.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
});

test('my organisations: the last owner cannot leave and is told why', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/settings/my-organisations');
  await expect(page).toHaveTitle('My Organisations and Memberships · Hireloop');
  await expect(page.getByRole('table', { name: 'Memberships' }).getByText(DEMO_ORGANISATION)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create organisation' })).toHaveAttribute('href', '/get-started?new=1');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Leave ${DEMO_ORGANISATION}` }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${DEMO_ORGANISATION}?` });
  await dialog.getByRole('button', { name: 'Leave organisation' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`You are the last owner of ${DEMO_ORGANISATION}.`);
  await expectNoAxeViolations(page);
});

test('a newcomer answers a pending invitation from My Organisations', async ({ page, browser }, testInfo) => {
  const email = `grace-${Date.now()}@example.test`;
  await signInAsOwner(page);
  await page.goto('/settings/organisation-users');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Invite someone to ${DEMO_ORGANISATION}` });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, colorScheme: 'light' });
  const newcomer = await context.newPage();
  await newcomer.goto('/login');
  await signInAs(newcomer, { newIdentity: { name: 'Grace Hopper', email } });
  await expect(newcomer).toHaveURL(/\/get-started$/);
  await newcomer.goto('/settings/my-organisations');
  const pending = newcomer.getByRole('region', { name: 'Pending invitations' });
  await expect(pending).toContainText(`${DEMO_OWNER.name} invited you as Interviewer`);
  await expectNoAxeViolations(newcomer);
  await pending.getByRole('button', { name: `Accept the invitation to ${DEMO_ORGANISATION}` }).click();
  await expect(newcomer.getByText(`You joined ${DEMO_ORGANISATION}. It is now your current organisation.`)).toBeVisible();
  await expect(pending).toBeHidden();
  const memberships = newcomer.getByRole('table', { name: 'Memberships' });
  await expect(memberships.getByText(DEMO_ORGANISATION)).toBeVisible();
  await expect(memberships.getByText('Current')).toBeVisible();
  await context.close();
});
