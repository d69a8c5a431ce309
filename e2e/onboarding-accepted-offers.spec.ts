import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAsNewOwner } from './fixtures.ts';
import { mailTo, organisationApi } from './api-helpers.ts';

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an offer accepted before subscribing to Onboarding: add the hire from it, role and start date filled in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsNewOwner(page, { name: 'Lena Latecomer', organisation: 'Latecomer Ltd' });
  const api = await organisationApi(page);
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await page.request.post(`${api.base}${path}`, { data, headers: api.headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  // A role, a recruitment, a candidate, and an offer sent and accepted while not subscribed to Onboarding.
  const role = (await post('/role', { name: 'Field Engineer' })).role;
  const recruitment = (await post('/recruitments', { role_id: role.id, name: 'Field engineers' })).recruitment;
  const email = `noor.early.${Date.now()}@example.test`;
  const application = (
    await post(`/recruitments/${recruitment.id}/applications`, { candidate: { name: 'Noor Early', email }, source: 'referral' })
  ).application;
  const start = isoDay(40);
  const offer = (
    await post(`/applications/${application.id}/offers`, {
      salary: 58_000,
      currency: 'EUR',
      start_date: start,
      expires_on: isoDay(14),
      approver_ids: [],
    })
  ).offer;
  await post(`/offers/${offer.id}/submit`, {}, 200);
  await post(`/offers/${offer.id}/send`, {}, 200);
  const mail = await mailTo(page, email, /Your offer from/);
  const token = /\/offer\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  const stranger = await browser.newContext({ baseURL });
  try {
    const offerPage = await stranger.newPage();
    await offerPage.goto(`/offer/${token}`);
    await offerPage.getByRole('button', { name: 'Accept offer' }).click();
    await offerPage.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Yes, accept' }).click();
    await expect(offerPage.getByText('You accepted this offer')).toBeVisible();
  } finally {
    await stranger.close();
  }

  // Now the organisation subscribes: the dashboard names the accepted offer not in onboarding yet.
  await post('/billing/products', { product: 'onboarding' }, 200);
  await page.goto('/onboarding');
  const notice = page.getByText('1 accepted offer is not in onboarding yet');
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Bring in hires' }).click();
  const bring = page.getByRole('dialog', { name: 'Bring in hires from accepted offers' });
  await expect(bring.getByRole('checkbox', { name: 'Bring in Noor Early' })).toBeChecked();
  await expect(bring.getByRole('table')).toContainText('Field Engineer');
  await expectNoAxeViolations(page);
  await bring.getByRole('button', { name: 'Cancel' }).click();

  // "Add a hire" from the accepted offer: person, role and start date come from it.
  await page.getByRole('button', { name: 'Add a hire' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a hire' });
  await add.getByRole('combobox', { name: 'From an accepted offer' }).click();
  await page.getByRole('option', { name: /Noor Early — Field Engineer/ }).click();
  await expect(add.getByRole('combobox', { name: 'Candidate' })).toHaveValue('Noor Early');
  await expect(add.getByRole('combobox', { name: 'Role' })).toHaveValue('Field Engineer');
  const [y, m, d] = start.split('-');
  await expect(add.getByRole('textbox', { name: 'Start date' })).toHaveValue(`${m}/${d}/${y!.slice(2)}`);
  await expectNoAxeViolations(page);
  for (const look of [
    { colorScheme: 'dark' as const, width: 1280 },
    { colorScheme: 'light' as const, width: 390 },
  ]) {
    await page.emulateMedia({ colorScheme: look.colorScheme });
    await page.setViewportSize({ width: look.width, height: 844 });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await add.getByRole('button', { name: 'Add hire' }).click();
  await expect(page.getByText('Noor Early added to the onboarding of Field Engineer.')).toBeVisible();
  await expect(notice).toHaveCount(0);
  const hires = await (await page.request.get(`${api.base}/onboarding`)).json();
  expect(hires.onboarding.onboardings.map((o: { role: { name: string }; hires: number }) => [o.role.name, o.hires])).toEqual([
    ['Field Engineer', 1],
  ]);
});
