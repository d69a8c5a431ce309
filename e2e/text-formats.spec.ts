import { expect, test, type Locator, type Page } from '@playwright/test';
import { organisationApi } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

/** The one date style (apps/web/src/lib/dates.ts): 11/25/26, with 2:30 PM when there is a time. */
const SHORT_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2}\b/;
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
/** Every other style the app used to show: Dec 1, 2026 · Nov 21 · 25 Nov 2026 · 2026-11-28 · 11/25/2026. */
const OTHER_STYLES = [
  new RegExp(`\\b${MONTH} \\d{1,2}\\b`),
  new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`),
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}\/\d{4}\b/,
];

async function expectOnlyShortDates(region: Locator, { atLeastOne = true } = {}) {
  const text = (await region.innerText()).replace(/\s+/g, ' ');
  for (const style of OTHER_STYLES) expect(text, `a date in another style in: ${text}`).not.toMatch(style);
  if (atLeastOne) expect(text).toMatch(SHORT_DATE);
}

/** A demo recruitment whose offers list and interviews list both have rows. */
async function demoRecruitmentWithOffersAndInterviews(page: Page) {
  const api = await organisationApi(page);
  const list = await (await page.request.get(`${api.base}/recruitments`, { params: { per_page: 100 } })).json();
  for (const r of list.recruitments.data as Array<{ id: string }>) {
    const offers = await (await page.request.get(`${api.base}/recruitments/${r.id}/offers`)).json();
    const interviews = await (await page.request.get(`${api.base}/recruitments/${r.id}/interviews`)).json();
    if (offers.offers?.data?.length && interviews.interviews?.data?.length) return r.id;
  }
  throw new Error('no demo recruitment with offers and interviews');
}

test('every screen writes dates in the one short style', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/recruitment$/);
  const recruitmentId = await demoRecruitmentWithOffersAndInterviews(page);

  // The candidates table: relative while recent ("3d ago"), else the short date.
  await page.goto(`/recruitment/${recruitmentId}/candidates?state=all`);
  const candidates = page.getByRole('table', { name: 'Candidates' });
  await expect(candidates.getByRole('row').nth(1)).toBeVisible();
  const cells = await candidates.locator('time').allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell).toMatch(/^(Today|Yesterday|\d+d ago|\d{1,2}\/\d{1,2}\/\d{2})$/);
  await expectOnlyShortDates(candidates, { atLeastOne: false });

  // A candidate's slide-over.
  await candidates.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/application=/);
  const panel = page.locator('section[role="dialog"]');
  await expect(panel.getByText(/applied /)).toBeVisible();
  await expectOnlyShortDates(panel);
  await page.keyboard.press('Escape');

  await page.goto(`/recruitment/${recruitmentId}/interviews`);
  const interviews = page.getByRole('table', { name: 'Interviews' });
  await expect(interviews.getByRole('row').nth(1)).toBeVisible();
  await expectOnlyShortDates(interviews);

  await page.goto(`/recruitment/${recruitmentId}/offers`);
  const offers = page.getByRole('table', { name: 'Offers' });
  await expect(offers.getByRole('row').nth(1)).toBeVisible();
  await expectOnlyShortDates(offers);

  await page.goto('/onboarding');
  const onboardings = page.getByRole('table', { name: 'Onboardings' });
  await expect(onboardings.getByRole('row').nth(1)).toBeVisible();
  await expectOnlyShortDates(onboardings);
  await onboardings.getByRole('link').first().click();
  const hires = page.getByRole('table', { name: 'Hires' });
  await expect(hires.getByRole('row').nth(1)).toBeVisible();
  await expectOnlyShortDates(hires);

  // The demo organisation is on its trial.
  await page.goto('/settings/billing');
  const trial = page.getByText(/Your trial ends on/);
  await expect(trial).toBeVisible();
  await expectOnlyShortDates(trial);
});

test('a person has the same initials in the header and in the members table', async ({ page }) => {
  await page.goto('/settings/organisation-users');
  await signInAs(page, { name: DEMO_OWNER.name });
  const header = page.getByRole('button', { name: `Account menu for ${DEMO_OWNER.name}` });
  await expect(header).toHaveText('DW');
  const row = page.getByRole('row').filter({ hasText: DEMO_OWNER.email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toContainText(`DW${DEMO_OWNER.name}`);
  await expectOnlyShortDates(page.getByRole('table', { name: 'Members' }));
});

test('the teams list shows a client’s contact, the e-mail when there is no name, in light, dark and on a phone', async ({ page }) => {
  await page.goto('/teams');
  await signInAs(page, { name: DEMO_OWNER.name });
  const api = await organisationApi(page);
  const name = `Initrode ${Date.now()}`;
  const created = await page.request.post(`${api.base}/teams`, {
    data: { name, kind: 'client', contact_email: 'peter@initrode.example' },
    headers: api.headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();

  const table = page.getByRole('table', { name: 'Teams and clients' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('link', { name: 'peter@initrode.example' })).toHaveAttribute('href', 'mailto:peter@initrode.example');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('link', { name: 'peter@initrode.example' })).toBeAttached();
  await expectNoAxeViolations(page);
});
