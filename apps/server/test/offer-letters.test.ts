import { DEFAULT_OFFER_LETTER_TEMPLATE, OFFER_LETTER_PLACEHOLDERS, OFFER_TEXTS } from '@hireloop/contract/offers';
import { offerLetterOperations as ops } from '@hireloop/contract/operations/offer-letters';
import { offerOperations } from '@hireloop/contract/operations/offers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLetterPdf } from '../src/features/offer-letters/pdf.ts';
import { renderLetter, unknownPlaceholders } from '../src/features/offer-letters/render.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { fetchBytes, pdfText } from './pdf-text.ts';

const facts = {
  candidateName: 'Ada Lovelace',
  role: 'Analytical Engineer',
  organisation: 'Northwind Labs',
  salary: 85000,
  currency: 'EUR',
  salaryPeriod: 'year' as const,
  startDate: '2027-03-01',
  expiresOn: '2027-02-01',
};

describe('rendering', () => {
  it('replaces every placeholder and leaves unknown ones', () => {
    const text = renderLetter(`${OFFER_LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join('|')}|{{ role }}|{{nope}}`, facts);
    expect(text).toBe(
      'Ada Lovelace|Analytical Engineer|85,000 EUR per year|EUR|1 March 2027|1 February 2027|Northwind Labs|Analytical Engineer|{{nope}}',
    );
    expect(unknownPlaceholders('{{candidate_name}} {{ salary }} {{bogus}} {{bogus}}')).toEqual(['bogus']);
    expect(unknownPlaceholders(DEFAULT_OFFER_LETTER_TEMPLATE)).toEqual([]);
  });

  it('makes a PDF whose text has the letter, wrapped onto more pages when long', async () => {
    const long = `${renderLetter(DEFAULT_OFFER_LETTER_TEMPLATE, facts)}\n\n${'A long paragraph of the benefits package. '.repeat(400)}\n\nSupercalifragilisticexpialidocious${'x'.repeat(200)}`;
    const pdf = await renderLetterPdf({ organisation: 'Northwind Labs', title: 'Offer of employment', text: long });
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Dear Ada Lovelace');
    expect(text).toContain('Analytical Engineer');
    expect(text).toContain('85,000 EUR per year');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('never fails on characters the standard font cannot draw', async () => {
    const pdf = await renderLetterPdf({ organisation: 'Ωmega 株式会社', title: 'Offer', text: 'Dear Zoë Šimić 👋,\nwelcome.' });
    const { text } = await pdfText(pdf);
    expect(text).toContain('Zoë');
    expect(text).toContain('Šimic');
  });
});

describe('the template routes', () => {
  let t: TestApp;
  let org: { id: string };
  let owner: Client;
  let manager: Client;
  const inOrg = () => ({ organisationId: org.id });

  beforeAll(async () => {
    t = await startTestApp();
    const ownerUser = await createUser(t);
    org = await createOrganisation(t, ownerUser, { name: 'Northwind Labs' });
    const managerUser = await createUser(t);
    await addMember(t, org.id, managerUser.id, 'hiring_manager');
    owner = await signIn(t, ownerUser);
    manager = await signIn(t, managerUser);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the default until one is saved; saving checks placeholders; letters use the saved one', async () => {
    const first = await expectStatus(manager, ops.getTemplate, 200, { params: inOrg() });
    expect(first.template).toMatchObject({ body: DEFAULT_OFFER_LETTER_TEMPLATE, is_default: true, updated_at: null });
    expect(first.template.placeholders).toEqual([...OFFER_LETTER_PLACEHOLDERS]);
    expect((await callOperation(manager, ops.saveTemplate, { params: inOrg(), body: { body: 'x' } })).status).toBe(403);

    const bad = await expectStatus(owner, ops.saveTemplate, 422, { params: inOrg(), body: { body: 'Hello {{name}}' } });
    expect(bad.errors?.body).toEqual([OFFER_TEXTS.templateUnknownPlaceholder.replace('{name}', 'name')]);
    const blank = await expectStatus(owner, ops.saveTemplate, 422, { params: inOrg(), body: { body: '   ' } });
    expect(blank.errors?.body).toContain(OFFER_TEXTS.templateRequired);

    const body = 'Hello {{candidate_name}}, welcome to {{organisation}} as {{role}} on {{salary}}.';
    const saved = await expectStatus(owner, ops.saveTemplate, 200, { params: inOrg(), body: { body } });
    expect(saved.template).toMatchObject({ body, is_default: false });
    expect((await expectOk(manager, ops.getTemplate, { params: inOrg() })).template.body).toBe(body);

    const pipeline = await seedPipeline(t, org.id);
    const recruitment = await pipeline.recruitment('R');
    const { applications } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'Mary Jackson' }, [recruitment.id]);
    const created = await expectStatus(owner, offerOperations.create, 201, {
      params: { organisationId: org.id, application: applications[0]!.id },
      body: { salary: 50, currency: 'USD', salary_period: 'hour', start_date: '2030-01-01', expires_on: '2029-12-01' },
    });
    const res = await fetchBytes(`${t.baseUrl}/api/v1/organisation/${org.id}/offers/${created.offer.id}/letter.pdf`, {
      cookie: `hireloop_session=${manager.cookie('hireloop_session')}`,
    });
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('Hello Mary Jackson, welcome to Northwind Labs as Engineer on 50 USD per hour.');
  });
});
