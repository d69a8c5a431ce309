// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, act } from '@testing-library/react';
import { appState } from '../../app/app-state.ts';
import { renderApp, signInForTest, testLocation, testOrganisation, testUser } from '../../app/test-helpers.tsx';
import { authStore } from '../session/auth-store.ts';
import { toCreateOrganisationBody, validateCreateOrganisation } from './pages/create-organisation-page.tsx';
import { nextSlug, slugify } from './slug.ts';

describe('the URL slug', () => {
  it('is suggested from the name', () => {
    expect(slugify('Lovelace Analytics')).toBe('lovelace-analytics');
    expect(slugify('  Acme & Sons, Ltd.  ')).toBe('acme-sons-ltd');
    expect(slugify('Café Zürich')).toBe('cafe-zurich');
    expect(slugify('x'.repeat(80))).toHaveLength(60);
  });

  it('follows the name until the user writes their own', () => {
    expect(nextSlug('', 'A', '')).toBe('a');
    expect(nextSlug('Acme', 'Acme Labs', 'acme')).toBe('acme-labs');
    expect(nextSlug('Acme', 'Acme Labs', 'my-own')).toBe('my-own');
  });
});

describe('the create-organisation form values', () => {
  const blank = { name: '', slug: '', timezone: 'Europe/London', website: '', size: '' };

  it('leave blanks out of the body', () => {
    expect(toCreateOrganisationBody({ ...blank, name: ' Acme ' })).toEqual({ name: 'Acme', timezone: 'Europe/London' });
    expect(
      toCreateOrganisationBody({ name: 'Acme', slug: 'acme', timezone: 'UTC', website: 'https://acme.example', size: '11-50' }),
    ).toEqual({ name: 'Acme', slug: 'acme', timezone: 'UTC', website: 'https://acme.example', size: '11-50' });
  });

  it('are validated by the contract schema', () => {
    expect(validateCreateOrganisation({ ...blank, name: 'A' })).toEqual({ name: 'The name must be at least 2 characters.' });
    expect(validateCreateOrganisation({ ...blank, name: 'Acme', slug: 'Not A Slug' })).toEqual({
      slug: 'Use lowercase letters, digits and single dashes.',
    });
    expect(validateCreateOrganisation({ ...blank, name: 'Acme', website: 'acme' })).toEqual({
      website: 'Enter a full URL, e.g. https://example.com.',
    });
    expect(validateCreateOrganisation({ ...blank, name: 'Acme' })).toEqual({});
  });
});

describe('creating the first organisation at /get-started', () => {
  type Call = { method: string; path: string; body?: unknown };
  let calls: Call[];
  let createAnswer: { status: number; body: unknown };

  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    window.localStorage.clear();
    appState.setLoading(false);
    calls = [];
    createAnswer = { status: 201, body: { organisation: { ...testOrganisation, name: 'Lovelace Analytics' } } };
    const page = { data: [], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
        const method = init?.method ?? 'GET';
        calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
        if (method === 'POST' && path === 'organisations') return json(createAnswer.status, createAnswer.body);
        if (path === 'auth') {
          return json(200, { auth: { user: testUser, organisations: [{ ...testOrganisation, name: 'Lovelace Analytics' }] } });
        }
        if (path.endsWith('/users')) return json(200, { users: page });
        if (path.endsWith('/role')) return json(200, { roles: page });
        if (path.endsWith('/billing'))
          return json(200, { billing: { plan: 'trial', trail_ends_at: '2030-01-15T00:00:00Z', products: [] } });
        if (path === 'notifications') return json(200, { notifications: page });
        return new Response(null, { status: 204 });
      }),
    );
    signInForTest([]);
  });

  afterEach(() => {
    authStore.reset();
    vi.unstubAllGlobals();
  });

  async function fillAndSubmit() {
    renderApp('/get-started');
    const name = await screen.findByRole('textbox', { name: /Organisation name/ });
    fireEvent.change(name, { target: { value: 'Lovelace Analytics' } });
    expect((screen.getByRole('textbox', { name: /URL slug/ }) as HTMLInputElement).value).toBe('lovelace-analytics');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Website/ }), { target: { value: 'https://lovelace.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The review step is shown and nothing is sent until its button is pressed.
    expect(await screen.findByText(/You will be its owner/)).toBeTruthy();
    // Flush effects and pending promises: reaching the review step must not have posted anything.
    await act(async () => {});
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create organisation' }));
  }

  it('posts the organisation, refreshes the session and lands on the dashboard', async () => {
    await fillAndSubmit();
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));

    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({
      path: 'organisations',
      body: { name: 'Lovelace Analytics', slug: 'lovelace-analytics', website: 'https://lovelace.example' },
    });
    expect(post?.body).toHaveProperty('timezone');
    expect(authStore.getState().currentOrganisation?.name).toBe('Lovelace Analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the server’s field errors on their fields', async () => {
    createAnswer = {
      status: 422,
      body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { slug: ['This URL slug is taken.'] } },
    };
    await fillAndSubmit();
    expect(await screen.findByText('This URL slug is taken.')).toBeTruthy();
    expect(testLocation()).toBe('/get-started');
  });
});
