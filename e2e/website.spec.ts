import { expect, test } from '@playwright/test';
import { DEMO_OWNER, expectNoAxeViolations, signInAs, signInAsNewOwner } from './fixtures.ts';
import { minimalPdf, organisationApi } from './api-helpers.ts';

test('the demo organisation’s Website dashboard shows its careers site, and the site shows its live roles', async ({ page }) => {
  await page.goto('/website');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/website$/);
  await expect(page).toHaveTitle('Website Dashboard · Hireloop');
  await expect(page.getByRole('heading', { level: 1, name: 'Website' })).toBeVisible();
  await expect(page.getByText(/^On trial/)).toBeVisible();
  const link = page.getByRole('region', { name: 'Your careers site' }).getByRole('link', { name: /\/careers\/northwind-labs/ });
  await expect(link).toBeVisible();
  const roles = page.getByRole('table', { name: 'Published roles' });
  await expect(roles.getByRole('switch', { name: 'Publish Senior Backend Engineer on the careers site' })).toBeChecked();
  await expect(roles.getByRole('row', { name: /Senior Backend Engineer/ })).toContainText('Live');
  await expect(roles.getByRole('switch', { name: 'Publish Data Engineer on the careers site' })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // The careers site, from the dashboard's link: the published roles by team.
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/\/careers\/northwind-labs$/);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('logistics platform');
  await expect(page.getByRole('link', { name: /Senior Backend Engineer/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Product Designer/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Data Engineer/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an owner subscribes to Website, publishes a role, an anonymous visitor applies, and the candidate arrives', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsNewOwner(page, { name: 'Wendy Website', organisation: `Careers Check ${Date.now()}` });

  // Not subscribed: the dashboard offers the product.
  await page.goto('/website');
  await expect(page.getByText('Not subscribed')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Subscribe to Website' }).click();
  await page.getByRole('dialog', { name: 'Subscribe to Website' }).getByRole('button', { name: 'Subscribe to Website' }).click();
  await expect(page.getByText(/^On trial/)).toBeVisible();

  // A role with an open recruitment, made through the API.
  const api = await organisationApi(page);
  const roleName = 'Warehouse Robotics Engineer';
  const role = await page.request.post(`${api.base}/role`, {
    data: {
      name: roleName,
      status: 'open',
      location_type: 'hybrid',
      location: 'Rotterdam',
      employment_type: 'full_time',
      description_html: '<p>Keep our picking robots moving.</p>',
    },
    headers: api.headers,
  });
  expect(role.status()).toBe(201);
  const roleId: string = (await role.json()).role.id;
  const recruitment = await page.request.post(`${api.base}/recruitments`, {
    data: { role_id: roleId, name: `${roleName} (spring)` },
    headers: api.headers,
  });
  expect(recruitment.status()).toBe(201);
  const recruitmentId: string = (await recruitment.json()).recruitment.id;

  // Publish it: it is live.
  await page.reload();
  const roles = page.getByRole('table', { name: 'Published roles' });
  const publish = roles.getByRole('switch', { name: `Publish ${roleName} on the careers site` });
  await expect(publish).not.toBeChecked();
  // Enabled once the permissions are known; toggled from the keyboard (the input itself is visually hidden).
  await expect(publish).toBeEnabled();
  await publish.focus();
  await page.keyboard.press('Space');
  await expect(publish).toBeChecked();
  await expect(roles.getByRole('row', { name: new RegExp(roleName) })).toContainText('Live');
  await expectNoAxeViolations(page);
  const careersUrl =
    (await page
      .getByRole('region', { name: 'Your careers site' })
      .getByRole('link', { name: /\/careers\// })
      .getAttribute('href')) ?? '';
  expect(careersUrl).toMatch(/\/careers\/[a-z0-9-]+$/);
  const careersPath = new URL(careersUrl).pathname;

  // A visitor who never signed in applies with a PDF résumé.
  const applicant = { name: 'Ada Applicant', email: `ada.applicant.${Date.now()}@example.test` };
  const visitor = await browser.newContext({ baseURL });
  try {
    expect(await visitor.cookies()).toEqual([]);
    const site = await visitor.newPage();
    await expect(async () => {
      await site.goto(careersPath);
      await expect(site.getByRole('link', { name: new RegExp(roleName) })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(site);
    await site.getByRole('link', { name: new RegExp(roleName) }).click();
    await expect(site.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
    await expectNoAxeViolations(site);
    const form = site.getByRole('region', { name: 'Apply for this role' });
    await form.getByLabel('Full name').fill(applicant.name);
    await form.getByLabel('Email').fill(applicant.email);
    await form
      .getByLabel(/^Résumé/)
      .setInputFiles({ name: 'ada-applicant-cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Ada CV') });
    await form.getByLabel(/^Cover note/).fill('Robots and warehouses are my two favourite things.');
    await form.getByLabel(/I agree that/).check();
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(site.getByRole('heading', { level: 1, name: 'Thank you for applying' })).toBeVisible();
    await expect(site).toHaveURL(/\/applied$/);
    await expectNoAxeViolations(site);
  } finally {
    await visitor.close();
  }

  // Back as the owner: the applicant is in the recruitment, from the careers site.
  await page.goto(`/recruitment/${recruitmentId}/candidates`);
  const row = page.getByRole('table', { name: 'Candidates' }).getByRole('row', { name: new RegExp(applicant.name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Careers site');
});
