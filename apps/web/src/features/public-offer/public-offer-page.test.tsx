// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OFFER_TEXTS, type PublicOffer } from '@hireloop/contract/offers';
import { renderApp, setUpFakeApi, signOutForTest } from '../../app/test-helpers.tsx';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const offer: PublicOffer = {
  organisation: { name: 'Northwind Labs' },
  candidate_name: 'Jordan Blake',
  role: 'Backend Engineer',
  salary: 85000,
  currency: 'EUR',
  salary_period: 'year',
  bonus_note: 'Sign-on bonus 5,000 EUR',
  start_date: '2030-03-01',
  contract_type: 'full_time',
  expires_on: '2030-02-01',
  expires_at: '2030-02-01T23:59:59Z',
  status: 'sent',
  decided_at: null,
  letter_text: 'Dear Jordan Blake,\n\nWe are delighted to offer you the position.',
  letter_url: '/api/v1/public/offers/tok/letter.pdf',
};

let answer: { status: number; body: unknown } = { status: 200, body: { offer } };

const api = setUpFakeApi(() => undefined);

function respond() {
  api.answer = ({ method, path }) => {
    if (path === 'auth') return { status: 401, body: { message: 'You are not signed in.', code: 'unauthenticated' } };
    if (method === 'GET' && path === 'public/offers/tok') return answer;
    if (method === 'POST' && path === 'public/offers/tok/accept')
      return { status: 200, body: { offer: { ...offer, status: 'accepted', decided_at: '2030-01-05T10:00:00Z' } } };
    if (method === 'POST' && path === 'public/offers/tok/decline')
      return { status: 200, body: { offer: { ...offer, status: 'declined', decided_at: '2030-01-05T10:00:00Z' } } };
    return undefined;
  };
}

describe('the candidate’s offer page', { timeout: 30_000 }, () => {
  it('shows the organisation, role, terms, the letter and its PDF, without an account', async () => {
    signOutForTest();
    answer = { status: 200, body: { offer } };
    respond();
    renderApp('/offer/tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your offer: Backend Engineer' })).toBeTruthy();
    expect(screen.getByText('Northwind Labs')).toBeTruthy();
    expect(screen.getByText('€85,000 per year')).toBeTruthy();
    expect(screen.getByText('3/1/30')).toBeTruthy();
    expect(screen.getByTestId('offer-letter').textContent).toContain('We are delighted');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/v1/public/offers/tok/letter.pdf');
    expect(document.title).toBe('Your offer · Hireloop');
  });

  it('accepts after a confirmation, then says so', async () => {
    signOutForTest();
    answer = { status: 200, body: { offer } };
    respond();
    renderApp('/offer/tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByText('You accepted this offer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.path).toBe('public/offers/tok/accept');
  });

  it('accepts once for a double click on "Yes, accept", with no error beside the answer', async () => {
    signOutForTest();
    answer = { status: 200, body: { offer } };
    respond();
    renderApp('/offer/tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    const yes = within(dialog).getByRole('button', { name: 'Yes, accept' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByText('You accepted this offer')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Your answer was not recorded')).toBeNull();
  });

  it('declines with an optional reason', async () => {
    signOutForTest();
    answer = { status: 200, body: { offer } };
    respond();
    renderApp('/offer/tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Accepted another offer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('You declined this offer')).toBeTruthy();
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Accepted another offer' }));
  });

  it('shows an offer already answered without the buttons', async () => {
    signOutForTest();
    answer = { status: 200, body: { offer: { ...offer, status: 'accepted', decided_at: '2030-01-05T10:00:00Z' } } };
    respond();
    renderApp('/offer/tok');
    expect(await screen.findByText('You accepted this offer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline offer' })).toBeNull();
  });

  it.each([
    [404, OFFER_TEXTS.linkNotFound, 'not_found', 'This link does not work'],
    [410, OFFER_TEXTS.linkExpired, 'gone', 'This offer has expired'],
    [410, OFFER_TEXTS.linkWithdrawn, 'gone', 'This offer was withdrawn'],
  ])('explains a link that cannot be used (%i: %s)', async (status, message, code, heading) => {
    signOutForTest();
    answer = { status, body: { message, code } };
    respond();
    renderApp('/offer/tok');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
  });
});
