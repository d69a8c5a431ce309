import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';
import { mailTo, minimalPdf, seedRecruitmentWithCandidate } from './api-helpers.ts';

const ROLE = 'Customer Success Manager';
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A candidate in a fresh recruitment of the demo role, with an offer approved and sent through the API; returns the link mailed to them. */
async function sentOffer(page: Page, candidate: { name: string; email: string }) {
  const { api, applicationId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Onboarding check',
    candidate,
    roleName: ROLE,
  });
  const auth = await (await page.request.get('/api/v1/auth')).json();
  const danaId: string = auth.auth.user.id;
  const created = await page.request.post(`${api.base}/applications/${applicationId}/offers`, {
    data: { salary: 61_000, currency: 'EUR', start_date: isoDay(21), expires_on: isoDay(14), approver_ids: [danaId] },
    headers: api.headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const offerId: string = (await created.json()).offer.id;
  for (const step of ['submit', 'approve', 'send']) {
    const res = await page.request.post(`${api.base}/offers/${offerId}/${step}`, { data: {}, headers: api.headers });
    expect(res.status(), `${step}: ${await res.text()}`).toBe(200);
  }
  const mail = await mailTo(page, candidate.email, /Your offer from/);
  const link = /https?:\/\/[^\s"<]+\/offer\/([A-Za-z0-9_-]+)/.exec(mail);
  expect(link, 'the offer link in the mail').not.toBeNull();
  return { api, offerLink: `/offer/${link?.[1] ?? ''}` };
}

test('an accepted offer puts the hire into onboarding; tasks are ticked; the new hire uploads a document', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.goto('/onboarding');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page).toHaveTitle('Onboarding Dashboard · Hireloop');
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Onboardings' }).getByRole('link', { name: ROLE })).toBeVisible();
  await expectNoAxeViolations(page);
  // The stages and the checklist templates are managed from here too.
  await page.getByRole('tab', { name: 'Stages' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Stages' })).toContainText('Paperwork');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Checklist templates' }).click();
  const templates = page.getByRole('tabpanel', { name: 'Checklist templates' });
  await expect(templates).toContainText('Engineering');
  await expect(templates).toContainText('General');
  await expectNoAxeViolations(page);

  const hire = { name: 'Harper Newstart', email: `harper.newstart.${Date.now()}@example.test` };
  const { api, offerLink } = await sentOffer(page, hire);

  // The candidate accepts in a browser that was never signed in.
  const stranger = await browser.newContext({ baseURL });
  try {
    const offerPage = await stranger.newPage();
    await offerPage.goto(offerLink);
    await offerPage.getByRole('button', { name: 'Accept offer' }).click();
    await offerPage.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Yes, accept' }).click();
    await expect(offerPage.getByText('You accepted this offer')).toBeVisible();
  } finally {
    await stranger.close();
  }

  // The hire is in the role's onboarding.
  const dashboard = await (await page.request.get(`${api.base}/onboarding`)).json();
  const onboarding = dashboard.onboarding.onboardings.find((o: { role: { name: string } }) => o.role.name === ROLE);
  expect(onboarding, `the onboarding of ${ROLE}`).toBeTruthy();
  await page.goto(`/onboarding/${onboarding.id}`);
  // By e-mail address: unique, while the name may repeat when the spec runs again on the same server.
  const row = page.getByRole('table', { name: 'Hires' }).getByRole('row').filter({ hasText: hire.email });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);

  // The slide-over: tick two tasks of the checklist.
  await row.getByRole('link', { name: hire.name }).click();
  const drawer = page.getByRole('dialog', { name: hire.name });
  await expect(drawer).toBeVisible();
  const checklist = drawer.getByRole('region', { name: 'Checklist' });
  await expect(checklist.getByText(/^0 of \d+ done$/)).toBeVisible();
  // Ticked at once on the server; the box follows its answer (so click, not check()).
  await checklist.getByRole('checkbox', { name: 'Create accounts: not done' }).click();
  await expect(checklist.getByRole('checkbox', { name: 'Create accounts: done' })).toBeChecked();
  await checklist.getByRole('checkbox', { name: 'Welcome coffee: not done' }).click();
  await expect(checklist.getByRole('checkbox', { name: 'Welcome coffee: done' })).toBeChecked();
  await expect(checklist.getByText(/^2 of \d+ done$/)).toBeVisible();
  const documents = drawer.getByRole('region', { name: /Documents/ });
  await expect(documents.getByTestId('hire-document').filter({ hasText: 'ID copy' })).toContainText('Requested');
  await expectNoAxeViolations(page);

  // The new hire opens the link from their welcome mail, without an account, and uploads their ID.
  const mail = await mailTo(page, hire.email, /Welcome to Northwind Labs/);
  const link = /https?:\/\/[^\s"<]+(\/new-hire\/[A-Za-z0-9_-]+)/.exec(mail);
  expect(link, 'the new-hire link in the mail').not.toBeNull();
  const newcomer = await browser.newContext({ baseURL });
  try {
    expect(await newcomer.cookies()).toEqual([]);
    const own = await newcomer.newPage();
    await own.goto(link?.[1] ?? '');
    await expect(own.getByRole('heading', { level: 1, name: 'Welcome, Harper!' })).toBeVisible();
    await expectNoAxeViolations(own);
    const chooser = own.waitForEvent('filechooser');
    await own.getByRole('button', { name: 'Upload ID copy' }).click();
    await (await chooser).setFiles({ name: 'harper-passport.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Passport') });
    await expect(own.getByText('Uploaded: harper-passport.pdf')).toBeVisible();
    await expectNoAxeViolations(own);
  } finally {
    await newcomer.close();
  }

  // The board shows the hire's card in the first stage.
  await page.goto(`/onboarding/${onboarding.id}?view=board`);
  await expect(page.getByText(hire.name).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Dana sees the document received.
  await page.goto(`/onboarding/${onboarding.id}`);
  await row.getByRole('link', { name: hire.name }).click();
  const received = page
    .getByRole('dialog', { name: hire.name })
    .getByRole('region', { name: /Documents/ })
    .getByTestId('hire-document')
    .filter({ hasText: 'ID copy' });
  await expect(received).toContainText('Received');
  await expect(received).toContainText('harper-passport.pdf');
  await expect(received).toContainText('by the new hire');
});
