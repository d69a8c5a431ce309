// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_OFFER_LETTER_TEMPLATE, OFFER_LETTER_PLACEHOLDERS } from '@hireloop/contract/offers';
import { permissionsOf } from '@hireloop/contract/permissions';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { renderTemplate } from './components/offer-letter-template-section.tsx';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } });
const template = { body: DEFAULT_OFFER_LETTER_TEMPLATE, is_default: true, placeholders: [...OFFER_LETTER_PLACEHOLDERS], updated_at: null };

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/offer-letter-template') return { template };
  if (path === 'organisation/o1/recruitment-settings')
    return { recruitment_settings: { default_interview_minutes: 45, candidate_retention_months: 24 } };
  const plural = path.split('/').pop() ?? '';
  return { [plural === 'role' ? 'roles' : plural]: page([]) };
});

describe('renderTemplate', () => {
  it('fills known placeholders and reports unknown ones', () => {
    expect(renderTemplate('Dear {{ candidate_name }}, {{salary}} {{bogus}}', { candidate_name: 'Ana', salary: '1 EUR' })).toEqual({
      text: 'Dear Ana, 1 EUR {{bogus}}',
      unknown: ['bogus'],
    });
  });
});

describe('the offer letter template on /settings/recruitment', { timeout: 30_000 }, () => {
  it('lists the placeholders, previews with sample values and saves', async () => {
    signInForTest();
    renderApp('/settings/recruitment');
    const section = await screen.findByRole('region', { name: 'Offer letter' });
    const placeholders = await within(section).findByRole('table', { name: 'Placeholders' });
    for (const name of OFFER_LETTER_PLACEHOLDERS) expect(within(placeholders).getByText(`{{${name}}}`)).toBeTruthy();
    expect(within(section).getByTestId('offer-letter-preview').textContent).toContain('Dear Alex Morgan,');
    expect(within(section).getByTestId('offer-letter-preview').textContent).toContain('at Northwind Labs');

    const text = within(section).getByRole('textbox', { name: /Letter text/ });
    await userEvent.clear(text);
    await userEvent.type(text, 'Hello {{{{candidate_name}}, welcome to {{{{team}}.');
    expect(within(section).getByTestId('offer-letter-preview').textContent).toBe('Hello Alex Morgan, welcome to {{team}}.');
    expect(within(section).getByText(/Unknown placeholder: \{\{team\}\}/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Save template' }));
    expect(await within(section).findByText('Unknown placeholder {{team}}; use one of the listed placeholders.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(text);
    await userEvent.type(text, 'Hello {{{{candidate_name}}.');
    api.answer = ({ method }) =>
      method === 'PUT'
        ? { status: 200, body: { template: { ...template, body: 'Hello {{candidate_name}}.', is_default: false } } }
        : undefined;
    await userEvent.click(within(section).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ body: 'Hello {{candidate_name}}.' }));
  });

  it('is not shown to an interviewer, who cannot see offers', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/settings/recruitment');
    expect(await screen.findByRole('heading', { name: 'Recruitment defaults' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Offer letter' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('offer-letter-template'))).toBe(false);
  });
});
