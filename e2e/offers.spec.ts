import { expect, test, type Page } from '@playwright/test';
import { mailTo, seedRecruitmentWithCandidate } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, expectNoAxeViolationsInDialog, signInAs, typedDay } from './fixtures.ts';

/** The offer link from the newest dev-mailbox message to `email` (the outbox delivers it shortly after sending). */
async function offerLinkMailedTo(page: Page, email: string): Promise<string> {
  const message = await mailTo(page, email, /Your offer from/);
  const link = /https?:\/\/[^\s"<]+\/offer\/([A-Za-z0-9_-]+)/.exec(message);
  expect(link, 'the offer link in the mail').not.toBeNull();
  return `/offer/${link?.[1] ?? ''}`;
}

test('an offer is created, approved, previewed, sent, and accepted by the candidate on the public page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/recruitment$/);
  const candidate = 'Riley Offerman';
  const email = `riley.offerman.${Date.now()}@example.test`;
  const { api, recruitmentId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Offer check',
    candidate: { name: candidate, email },
  });
  const statuses = await (await page.request.get(`${api.base}/recruitment-status`, { params: { per_page: 100 } })).json();
  const hired: string = statuses.statuses.data.find((s: { category: string }) => s.category === 'hired').name;

  // The offers tab, empty.
  await page.goto(`/recruitment/${recruitmentId}/offers`);
  await expect(page).toHaveTitle('Offers · Hireloop');
  await expect(page.getByText('No offers yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // The multi-step form: candidate & terms → dates & contract → approvers → review.
  await page.getByRole('button', { name: 'Create offer' }).click();
  const form = page.getByRole('dialog', { name: 'Create offer' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('combobox', { name: /^Candidate/ }).click();
  await page.getByRole('option', { name: candidate }).click();
  await form.getByRole('textbox', { name: /^Salary/ }).fill('92000');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('tab', { name: /Dates & contract/, selected: true })).toBeVisible();
  await form.getByRole('textbox', { name: /^Start date/ }).fill(typedDay(60));
  await form.getByRole('textbox', { name: /^Start date/ }).press('Tab');
  await form.getByRole('textbox', { name: /^Offer expires on/ }).fill(typedDay(14));
  await form.getByRole('textbox', { name: /^Offer expires on/ }).press('Tab');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('tab', { name: /Approvers/, selected: true })).toBeVisible();
  await form.getByRole('combobox', { name: 'Add an approver' }).click();
  await page.getByRole('option', { name: DEMO_OWNER.name }).click();
  await expect(form.getByRole('list', { name: 'Approvers, in order' })).toContainText(`1. ${DEMO_OWNER.name}`);
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('tab', { name: /Review/, selected: true })).toBeVisible();
  await expect(form).toContainText(candidate);
  await expect(form).toContainText('per year');
  await form.getByRole('button', { name: 'Create offer' }).click();

  // The new draft opens in the drawer: submit, approve as the only approver.
  const drawer = page.getByRole('dialog', { name: `Offer to ${candidate}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Draft', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Submit for approval' }).click();
  const decision = drawer.getByRole('region', { name: /Your decision/ });
  await expect(decision).toBeVisible();
  await expectNoAxeViolationsInDialog(page, 'the offer drawer');
  await decision.getByRole('textbox', { name: /Comment/ }).fill('Within the band.');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByText('Approved', { exact: true })).toBeVisible();
  await expect(decision).toBeHidden();

  // The letter, previewed in the browser.
  await drawer.getByRole('button', { name: 'Preview the letter' }).click();
  await expect(drawer.getByRole('img', { name: /Page 1 of Offer letter/ })).toBeVisible();

  // Send, after confirming.
  await drawer.getByRole('button', { name: 'Send to candidate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the offer?' });
  await confirm.getByRole('button', { name: 'Send offer' }).click();
  await expect(drawer.getByText(`The link to the offer was e-mailed to ${email}`)).toBeVisible();
  await expect(drawer.getByText('Sent', { exact: true })).toBeVisible();

  // The candidate opens the link from the mail in a browser that was never signed in.
  const link = await offerLinkMailedTo(page, email);
  const stranger = await browser.newContext({ baseURL });
  try {
    expect(await stranger.cookies()).toEqual([]);
    const candidatePage = await stranger.newPage();
    await candidatePage.goto(link);
    await expect(candidatePage).toHaveTitle('Your offer · Hireloop');
    await expect(candidatePage.getByRole('heading', { level: 1, name: /Your offer/ })).toBeVisible();
    await expect(candidatePage.getByTestId('offer-letter')).toContainText(candidate);
    await expect(candidatePage.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      /\/api\/v1\/public\/offers\/.+\/letter\.pdf$/,
    );
    await expectNoAxeViolations(candidatePage);
    await candidatePage.getByRole('button', { name: 'Accept offer' }).click();
    await candidatePage.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Yes, accept' }).click();
    await expect(candidatePage.getByText('You accepted this offer')).toBeVisible();
    await expectNoAxeViolations(candidatePage);
  } finally {
    await stranger.close();
  }

  // Back as Dana: the offer is accepted and the candidate hired.
  await page.goto(`/recruitment/${recruitmentId}/offers`);
  const row = page.getByRole('table', { name: 'Offers' }).getByRole('row', { name: new RegExp(candidate) });
  await expect(row).toContainText('Accepted');
  await page.goto(`/recruitment/${recruitmentId}/candidates?state=all`);
  const candidateRow = page.getByRole('table', { name: 'Candidates' }).getByRole('row', { name: new RegExp(candidate) });
  await expect(candidateRow).toContainText(hired);
});
