// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '../features/session/auth-store.ts';
import { appState, usePageTitle } from './app-state.ts';
import { scrollToHash } from './scroll.ts';
import { renderApp, signInForTest, signOutForTest, stubEmptyApi } from './test-helpers.tsx';
import { render } from '@testing-library/react';

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  stubEmptyApi();
  appState.setLoading(false);
});

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
  document.title = '';
});

describe('the page title', () => {
  it('is "{page} · Hireloop" from the route table, and reset on each navigation', async () => {
    signInForTest();
    renderApp('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · Hireloop'));

    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(navigation).getByRole('link', { name: 'Jobs' }));
    await waitFor(() => expect(document.title).toBe('Job roles · Hireloop'));

    fireEvent.click(within(navigation).getByRole('link', { name: 'Teams' }));
    await waitFor(() => expect(document.title).toBe('Teams · Hireloop'));
  });

  it('is "Log in" on /login and /get-started', async () => {
    signOutForTest();
    renderApp('/get-started');
    await waitFor(() => expect(document.title).toBe('Log in · Hireloop'));
  });

  it('can be refined by the page with usePageTitle', () => {
    function TeamTitle() {
      usePageTitle('Platform team');
      return null;
    }
    appState.setTitle('Team');
    render(<TeamTitle />);
    expect(document.title).toBe('Platform team · Hireloop');
  });
});

describe('scrolling on navigation', () => {
  it('goes smoothly to the top', async () => {
    signInForTest();
    renderApp('/jobs');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });

  it('goes to the hash anchor, 80 px above it', () => {
    const anchor = document.createElement('h2');
    anchor.id = 'notes';
    anchor.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    document.body.append(anchor);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 100 });

    scrollToHash('#notes');
    expect(scrollTo).toHaveBeenCalledWith({ top: 520, behavior: 'smooth' });
    anchor.remove();
  });

  it('waits for an anchor that a lazily loaded page renders later', async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    const cancel = scrollToHash('#later');
    expect(scrollTo).not.toHaveBeenCalled();
    const anchor = document.createElement('section');
    anchor.id = 'later';
    anchor.getBoundingClientRect = () => ({ top: 300 }) as DOMRect;
    document.body.append(anchor);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 220, behavior: 'smooth' }));
    cancel();
    anchor.remove();
  });
});
