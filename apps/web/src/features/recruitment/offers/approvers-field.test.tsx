// @vitest-environment jsdom
import { renderWithProviders } from '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import type { OrganisationUser } from '@hireloop/contract/users';
import { ApproversField } from './components/approvers-field.tsx';

const member = (id: string, name: string, role: OrganisationUser['role']): OrganisationUser => ({
  id,
  name,
  email: null,
  avatar_url: null,
  role,
  joined_at: '2026-01-01T00:00:00Z',
  policies: { remove: false, change_role: false },
});
const members = [
  member('u1', 'Dana Whitfield', 'owner'),
  member('u2', 'Tom Okafor', 'hiring_manager'),
  member('u3', 'Elena García', 'interviewer'),
];

let latest: string[] = [];
function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    latest = value;
  });
  return <ApproversField value={value} onChange={setValue} members={members} loading={false} />;
}

describe('the approvers field', { timeout: 30_000 }, () => {
  it('offers only colleagues who can see offers, and adds them in order', async () => {
    renderWithProviders(<Harness initial={[]} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Add an approver' }));
    expect(screen.queryByRole('option', { name: 'Elena García' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Tom Okafor' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Add an approver' }));
    await userEvent.click(screen.getByRole('option', { name: 'Dana Whitfield' }));
    expect(latest).toEqual(['u2', 'u1']);
  });

  it('reorders with the up and down buttons and removes', async () => {
    renderWithProviders(<Harness initial={['u1', 'u2']} />);
    const list = screen.getByRole('list', { name: 'Approvers, in order' });
    expect((within(list).getByRole('button', { name: 'Move Dana Whitfield up' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(list).getByRole('button', { name: 'Move Dana Whitfield down' }));
    expect(latest).toEqual(['u2', 'u1']);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('1. Tom Okafor');
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Tom Okafor' }));
    expect(latest).toEqual(['u1']);
  });
});
