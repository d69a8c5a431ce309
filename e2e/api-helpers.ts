import { expect, type Page } from '@playwright/test';

/** A one-page PDF that says `text` (valid enough for the server's magic-byte check and a PDF viewer). */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The signed-in user's current organisation and the headers a state-changing API call needs (CSRF). */
export async function organisationApi(page: Page) {
  await page.request.get('/api/v1/auth/init/csrf-cookie');
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const auth = await (await page.request.get('/api/v1/auth')).json();
  const organisationId: string = auth.auth.user?.current_organisation_id ?? auth.auth.organisations[0].id;
  return { organisationId, base: `/api/v1/organisation/${organisationId}`, headers: { 'x-xsrf-token': xsrf } };
}

/**
 * Moves the app's clock `offsetMs` ahead of the real time (0: back to it), through the browser tests'
 * server's PUT /dev/clock (TEST_CLOCK). Returns the app's time now.
 */
export async function setServerClockOffset(page: Page, offsetMs: number): Promise<Date> {
  const res = await page.request.put('/dev/clock', { data: { offset_ms: offsetMs } });
  expect(res.status(), await res.text()).toBe(200);
  return new Date((await res.json()).now);
}

/** The newest dev-mailbox message to `email` whose subject matches, as HTML (polled: the outbox delivers shortly after). */
export async function mailTo(page: Page, email: string, subject: RegExp): Promise<string> {
  let messageId = '';
  await expect
    .poll(
      async () => {
        const list = await (await page.request.get('/dev/mailbox')).text();
        const row = list.split('<tr>').find((r) => r.includes(email) && subject.test(r));
        messageId = /href="\/dev\/mailbox\/([0-9a-f-]{36})"/.exec(row ?? '')?.[1] ?? '';
        return messageId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return (await page.request.get(`/dev/mailbox/${messageId}`)).text();
}

/**
 * A fresh recruitment of the signed-in user's organisation, for the role named `roleName` (else the
 * first open role), with one candidate added through the API.
 */
export async function seedRecruitmentWithCandidate(
  page: Page,
  seed: { recruitmentName: string; candidate: { name: string; email: string } & Record<string, unknown>; roleName?: string },
) {
  const api = await organisationApi(page);
  const roles = await (await page.request.get(`${api.base}/role`, { params: { per_page: 100 } })).json();
  type Role = { id: string; name: string; status: string };
  const data: Role[] = roles.roles.data;
  const role = seed.roleName ? data.find((r) => r.name === seed.roleName) : (data.find((r) => r.status === 'open') ?? data[0]);
  expect(role, `a role to recruit for${seed.roleName ? `: ${seed.roleName}` : ''}`).toBeTruthy();
  const created = await page.request.post(`${api.base}/recruitments`, {
    data: { role_id: role?.id, name: `${seed.recruitmentName} ${Date.now()}` },
    headers: api.headers,
  });
  expect(created.status()).toBe(201);
  const recruitmentId: string = (await created.json()).recruitment.id;
  const added = await page.request.post(`${api.base}/recruitments/${recruitmentId}/applications`, {
    data: { candidate: seed.candidate, source: 'referral' },
    headers: api.headers,
  });
  expect(added.status()).toBe(201);
  const applicationId: string = (await added.json()).application.id;
  return { api, recruitmentId, applicationId };
}

/** An open demo recruitment with at least `count` active candidates, and the first `count` names (by name). */
export async function openDemoRecruitment(page: Page, count: number): Promise<{ id: string; candidates: string[] }> {
  const api = await organisationApi(page);
  const list = await (await page.request.get(`${api.base}/recruitments`, { params: { 'filter[status]': 'open', per_page: 100 } })).json();
  for (const r of list.recruitments.data as Array<{ id: string; active_count: number }>) {
    if (r.active_count < count) continue;
    const apps = await (
      await page.request.get(`${api.base}/recruitments/${r.id}/applications`, { params: { per_page: count, sort: 'name' } })
    ).json();
    const names = (apps.applications.data as Array<{ candidate: { name: string } }>).map((a) => a.candidate.name);
    if (names.length === count) return { id: r.id, candidates: names };
  }
  throw new Error(`no open demo recruitment with ${count} candidates`);
}
