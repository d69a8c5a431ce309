// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@hireloop/contract/permissions';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation } from '../../app/test-helpers.tsx';

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const emptyPage = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };

setUpFakeApi(({ path }) => {
  const plural = path.split('/').pop()!;
  return { [plural === 'role' ? 'roles' : plural]: emptyPage };
});

describe('the job roles page of an organisation without roles', { timeout: 30_000 }, () => {
  it('offers a member who manages roles to create the first one', async () => {
    signInForTest();
    renderApp('/jobs');
    const title = await screen.findByText('No job roles yet', {}, loaded);
    const empty = title.closest('.mantine-EmptyState-root') as HTMLElement;
    expect(empty.textContent).toContain('Create the first role you hire for');
    await userEvent.click(within(empty).getByRole('button', { name: 'Create the first role' }));
    expect(testLocation()).toBe('/jobs?new=1');
    expect(await screen.findByRole('dialog', { name: 'New role' }, loaded)).toBeTruthy();
  });

  it('tells an interviewer there are none, without offering to create one', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/jobs');
    expect(await screen.findByText('No job roles yet', {}, loaded)).toBeTruthy();
    expect(screen.getByText('The roles your organisation hires for will be listed here.')).toBeTruthy();
    expect(screen.queryByText(/Create the first role/)).toBeNull();
    expect(screen.queryByRole('button', { name: /New role|Create the first role/ })).toBeNull();
  });
});
