// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, act } from '@testing-library/react';
import { authStore } from '../features/session/auth-store.ts';
import { appState } from './app-state.ts';
import { renderApp, signInForTest, signOutForTest, stubEmptyApi, testLocation } from './test-helpers.tsx';

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  stubEmptyApi();
  appState.setLoading(false);
});

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('the auth guard', () => {
  it('sends a signed-out visitor to /login with the asked path', async () => {
    signOutForTest();
    renderApp('/jobs');
    await waitFor(() => expect(testLocation()).toBe('/login?redirect=%2Fjobs'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it('keeps the query and hash of the asked page', async () => {
    signOutForTest();
    renderApp('/recruitment/7/candidates?stage=2#notes');
    await waitFor(() => expect(testLocation()).toBe(`/login?redirect=${encodeURIComponent('/recruitment/7/candidates?stage=2#notes')}`));
  });

  it('guards the settings group too', async () => {
    signOutForTest();
    renderApp('/settings/billing');
    await waitFor(() => expect(testLocation()).toBe('/login?redirect=%2Fsettings%2Fbilling'));
  });

  it('after sign-in the visitor comes back to the asked page: it is the Google sign-in return_to', async () => {
    signOutForTest();
    renderApp('/login?redirect=%2Fjobs');
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/google/redirect?return_to=%2Fjobs');
  });

  it('refuses to send the visitor off-site after sign-in', async () => {
    signOutForTest();
    renderApp('/login?redirect=%2F%2Fevil.example');
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/google/redirect?return_to=%2Fdashboard');
  });

  it('sends a signed-in visitor of /login on to the asked page', async () => {
    signInForTest();
    renderApp('/login?redirect=%2Fjobs');
    await waitFor(() => expect(testLocation()).toBe('/jobs'));
  });

  it('renders nothing guarded while start-up is still asking who the user is', async () => {
    authStore.reset();
    renderApp('/jobs');
    // Let every pending effect and promise settle: nothing may render while the user is unknown.
    await act(async () => {});
    expect(testLocation()).toBe('/jobs');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('the organisation guard', () => {
  it('sends a signed-in user without an organisation from the main layout to /get-started', async () => {
    signInForTest([]);
    renderApp('/dashboard');
    await waitFor(() => expect(testLocation()).toBe('/get-started'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your organisation' })).toBeTruthy();
  });

  it('leaves the settings reachable without an organisation', async () => {
    signInForTest([]);
    renderApp('/settings/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Personal Settings' })).toBeTruthy();
    expect(testLocation()).toBe('/settings/me');
  });

  it('explains organisation settings without an organisation instead of redirecting', async () => {
    signInForTest([]);
    renderApp('/settings/billing');
    expect(await screen.findByText('You are not in an organisation yet')).toBeTruthy();
    expect(testLocation()).toBe('/settings/billing');
  });

  it('lets a user with an organisation in', async () => {
    signInForTest();
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Job roles' })).toBeTruthy();
    expect(testLocation()).toBe('/jobs');
  });

  it('sends a user with an organisation on from /get-started, unless they ask for a new one', async () => {
    signInForTest();
    renderApp('/get-started');
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
  });
});

describe('redirects', () => {
  it('/ goes to /dashboard', async () => {
    signInForTest();
    renderApp('/');
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
  });

  it('/settings goes to /settings/me', async () => {
    signInForTest();
    renderApp('/settings');
    await waitFor(() => expect(testLocation()).toBe('/settings/me'));
  });

  it('/ for a signed-out visitor ends on /login, asking for the dashboard', async () => {
    signOutForTest();
    renderApp('/');
    await waitFor(() => expect(testLocation()).toBe('/login?redirect=%2Fdashboard'));
  });
});
