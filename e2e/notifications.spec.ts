import { expect, test, type Page } from '@playwright/test';
import { seedRecruitmentWithCandidate } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

const DEMO_RECRUITER = { name: 'Priya Raman' };

/** Resolves once the page's real-time client has joined a private user channel (the server confirmed it). */
function channelJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-User.')) resolve();
      });
    });
  });
}

function unreadOf(label: string | null): number {
  const match = /^Notifications, (none|\d+) unread$/.exec(label ?? '');
  if (!match) throw new Error(`unexpected bell label: ${label}`);
  return match[1] === 'none' ? 0 : Number(match[1]);
}

test('a mention reaches the colleague’s open tab live: a toast, the bell count, and a link to the candidate', async ({
  browser,
  baseURL,
}) => {
  const dana = await (await browser.newContext({ baseURL })).newPage();
  const priya = await (await browser.newContext({ baseURL })).newPage();
  const candidate = 'Jordan Avery';

  // A (Dana, the owner) prepares a candidate.
  await dana.goto('/recruitment');
  await signInAs(dana, { name: DEMO_OWNER.name });
  await expect(dana).toHaveURL(/\/recruitment$/);
  // Start-up has finished (its anti-forgery cookie is set) once the bell shows the loaded count.
  await expect(dana.getByRole('button', { name: /^Notifications, / })).toBeVisible();
  const { recruitmentId } = await seedRecruitmentWithCandidate(dana, {
    recruitmentName: 'Mentions',
    candidate: { name: candidate, email: `jordan.avery.${Date.now()}@example.test` },
  });

  // B (Priya, a recruiter) has the app open; her client joins her channel.
  const joined = channelJoined(priya);
  await priya.goto('/dashboard');
  await signInAs(priya, DEMO_RECRUITER);
  await expect(priya).toHaveURL(/\/dashboard$/);
  await joined;
  const bell = priya.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toBeVisible();
  const before = unreadOf(await bell.getAttribute('aria-label'));
  await priya.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });

  // A mentions B in a note on the candidate's slide-over.
  await dana.goto(`/recruitment/${recruitmentId}/candidates`);
  await dana.getByRole('table', { name: 'Candidates' }).getByRole('link', { name: candidate }).click();
  const panel = dana.getByRole('dialog', { name: candidate });
  await panel.getByRole('tab', { name: 'Notes' }).click();
  const composer = panel.getByRole('textbox', { name: /New note/ });
  await composer.fill('Could you take the first call? ');
  await composer.pressSequentially('@pri');
  await expect(panel.getByRole('listbox', { name: 'Colleagues to mention' }).getByRole('option', { name: /Priya Raman/ })).toBeVisible();
  await composer.press('Enter');
  await composer.pressSequentially('thanks!');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByRole('list', { name: 'Notes' }).getByText('@Priya Raman')).toBeVisible();

  // B's tab: a toast and one more unread, without a reload.
  await expect(priya.getByText(`${DEMO_OWNER.name} mentioned you`)).toBeVisible();
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  expect(await priya.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // B opens the centre and follows the link to the candidate.
  await bell.click();
  const list = priya.getByRole('list', { name: 'Notifications' });
  const item = list.getByRole('link', { name: new RegExp(`${DEMO_OWNER.name} mentioned you`) }).first();
  await expect(item).toContainText('Could you take the first call?');
  await expect(priya.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(priya, { selector: '[role="dialog"]', what: 'the notification centre' });
  await item.click();
  await expect(priya).toHaveURL(new RegExp(`/recruitment/${recruitmentId}/candidates\\?application=[0-9a-f-]{36}`));
  await expect(priya.getByRole('dialog', { name: candidate })).toBeVisible();

  await dana.context().close();
  await priya.context().close();
});
