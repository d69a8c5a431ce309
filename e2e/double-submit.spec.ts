import { expect, test, type Page } from '@playwright/test';
import { mailTo, organisationApi, seedRecruitmentWithCandidate } from './api-helpers.ts';
import { signInAsNewOwner } from './fixtures.ts';

const ROLE = 'Support Engineer';

/** A new organisation of its own (so that no other test's recruitments count against its plan), with one open role. */
async function newOrganisationWithRole(page: Page) {
  await signInAsNewOwner(page, { name: 'Dee Owner', organisation: `Double Submits ${Date.now()}` });
  const setup = await organisationApi(page);
  const role = await page.request.post(`${setup.base}/role`, { data: { name: ROLE, status: 'open' }, headers: setup.headers });
  expect(role.status(), await role.text()).toBe(201);
}

/** A day `days` from today as the API takes it (YYYY-MM-DD). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Red toasts or alerts that say a request was refused. */
const refusals = (page: Page) => page.getByRole('alert').filter({ hasText: /not recorded|Only a draft|already|could not|failed/i });

test('a double click or a repeated Ctrl+Enter saves one note', async ({ page }) => {
  await newOrganisationWithRole(page);
  const stamp = Date.now();
  const { api, recruitmentId, applicationId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Double notes',
    roleName: ROLE,
    candidate: { name: 'Noa Twice', email: `noa.twice.${stamp}@example.test` },
  });
  await page.goto(`/recruitment/${recruitmentId}/candidates?application=${applicationId}`);
  const panel = page.getByRole('dialog', { name: /Noa Twice/ });
  await panel.getByRole('tab', { name: 'Notes' }).click();
  const composer = panel.getByRole('textbox', { name: /New note/ });
  const notes = panel.getByRole('list', { name: 'Notes' });

  await composer.fill('Clicked twice.');
  await panel.getByRole('button', { name: 'Add note' }).dblclick();
  await expect(notes.getByText('Clicked twice.')).toHaveCount(1);

  await composer.fill('Sent with Ctrl+Enter twice.');
  await composer.press('Control+Enter');
  await composer.press('Control+Enter');
  await expect(notes.getByText('Sent with Ctrl+Enter twice.')).toHaveCount(1);

  // What the server holds, not only what the screen shows.
  const application = await (await page.request.get(`${api.base}/applications/${applicationId}`)).json();
  const candidateId: string = application.application.candidate.id;
  const stored = await (await page.request.get(`${api.base}/candidates/${candidateId}/notes`, { params: { per_page: 100 } })).json();
  const bodies = (stored.notes.data as Array<{ body: string }>).map((n) => n.body);
  expect(bodies.filter((b) => b.includes('Clicked twice.'))).toHaveLength(1);
  expect(bodies.filter((b) => b.includes('Sent with Ctrl+Enter twice.'))).toHaveLength(1);
  await expect(refusals(page)).toHaveCount(0);
});

test('double clicks on "Submit for approval" and on the candidate’s "Yes, accept" give one answer and no false error', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await newOrganisationWithRole(page);
  const email = `dee.double.${Date.now()}@example.test`;
  const { api, recruitmentId, applicationId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Double offer',
    roleName: ROLE,
    candidate: { name: 'Dee Double', email },
  });
  const created = await page.request.post(`${api.base}/applications/${applicationId}/offers`, {
    data: { salary: 48_000, currency: 'EUR', start_date: isoDay(60), expires_on: isoDay(14) },
    headers: api.headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const offerId: string = (await created.json()).offer.id;

  await page.goto(`/recruitment/${recruitmentId}/offers?offer=${offerId}`);
  const drawer = page.getByRole('dialog', { name: 'Offer to Dee Double' });
  await expect(drawer.getByText('Draft', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Submit for approval' }).dblclick();
  // Without approvers, submitting approves it: one submission in its history, no red toast.
  await expect(drawer.getByText('Approved', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Dee Owner submitted it for approval')).toHaveCount(1);
  await expect(refusals(page)).toHaveCount(0);

  // Sent through the API; the candidate answers on the public page.
  // The page has renewed the anti-forgery token meanwhile: the API headers are read again.
  const now = await organisationApi(page);
  const sent = await page.request.post(`${now.base}/offers/${offerId}/send`, { data: {}, headers: now.headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const message = await mailTo(page, email, /Your offer from/);
  const link = /https?:\/\/[^\s"<]+(\/offer\/[A-Za-z0-9_-]+)/.exec(message)?.[1];
  expect(link, 'the offer link in the mail').toBeTruthy();
  const stranger = await browser.newContext({ baseURL });
  try {
    const candidatePage = await stranger.newPage();
    await candidatePage.goto(link!);
    await candidatePage.getByRole('button', { name: 'Accept offer' }).click();
    await candidatePage.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Yes, accept' }).dblclick();
    await expect(candidatePage.getByText('You accepted this offer')).toBeVisible();
    await expect(candidatePage.getByText(/Your answer was not recorded/)).toHaveCount(0);
    await expect(refusals(candidatePage)).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
