import type { PolicyActor } from '@hireloop/contract/policies/actor';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { removalSummary, type MemberRemoval } from '@hireloop/contract/members';
import type { OrganisationUser } from '@hireloop/contract/users';
import { Link } from 'react-router';
import { IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { roleLabel } from '../../session/role-label.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { useChangeRole, useMembersPage, useRemoveMember } from '../members-api.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { isMemberRole, roleOptions } from './role-options.ts';
import { initials } from '@hireloop/contract/initials';

/** Search waits for a pause in typing before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  canManage: boolean;
  actor: PolicyActor;
  currentUserId: string;
  organisationName: string;
};

/** Members, paged and searched on the server; role changes and removal for those who may manage members. */
export function MembersSection({ canManage, actor, currentUserId, organisationName }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const members = useMembersPage(page, debounced);
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const { refresh } = useSessionActions();
  const [removing, setRemoving] = useState<OrganisationUser | null>(null);
  // What the last removal handed over, shown until dismissed (the admin may want to follow it up).
  const [handedOver, setHandedOver] = useState<{ name: string; removal: MemberRemoval } | null>(null);

  // A new search starts on its first page.
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }

  async function updateRole(member: OrganisationUser, value: string | null) {
    if (!isMemberRole(value) || value === member.role) return;
    try {
      await changeRole.mutateAsync({ userId: member.id, role: value });
      toastSuccess(`${member.name} is now ${roleLabel(value)}.`);
      // Changing one's own role changes what one may do here.
      if (member.id === currentUserId) await refresh().catch(() => undefined);
    } catch (error) {
      toastError(error);
    }
  }

  // One role change at a time; every role select waits meanwhile, so a choice is never dropped unseen.
  const changing = useSubmitOnce(updateRole, changeRole.isPending);

  async function confirmRemove() {
    if (!removing) return;
    const { removal } = await removeMember.mutateAsync(removing.id);
    const summary = removalSummary(removing.name, removal);
    toastSuccess(`${removing.name} was removed from ${organisationName}.${summary ? ` ${summary}` : ''}`);
    setHandedOver(summary ? { name: removing.name, removal } : null);
    if (removing.id === currentUserId) await refresh().catch(() => undefined);
  }

  const data = members.data;
  const lastPage = data?.meta.last_page ?? 1;
  return (
    <Section id="settings-members" title="Members" description="Everyone who works in this organisation, with their role.">
      <TextInput
        label="Search members"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {handedOver ? <HandedOver {...handedOver} onClose={() => setHandedOver(null)} /> : null}
      {members.isPending ? (
        <SectionSkeleton rows={4} />
      ) : members.isError ? (
        <SectionError error={members.error} onRetry={() => void members.refetch()} />
      ) : data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced === '' ? 'No members yet.' : `No member matches “${debounced}”.`}
        </Text>
      ) : data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.meta.total === 1 ? '1 member' : `${data.meta.total} members`}
            {debounced === '' ? '' : ` matching “${debounced}”`}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Joined</Table.Th>
                  {canManage ? (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((member) => {
                  // The server says what the caller may do to each member (packages/contract/src/policies/members.ts).
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={member.avatar_url} alt="" size="sm" radius="xl" color="indigo">
                            {initials(member.name)}
                          </Avatar>
                          <Text size="sm" fw={500}>
                            {member.name}
                          </Text>
                          {member.id === currentUserId ? (
                            <Badge size="sm" variant="filled" color="indigo.9">
                              You
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{member.email ?? '—'}</Table.Td>
                      <Table.Td>
                        {member.policies.change_role ? (
                          <Select
                            aria-label={`Role of ${member.name}`}
                            data={roleOptions(actor)}
                            value={member.role}
                            allowDeselect={false}
                            onChange={(value) => void changing.run(member, value)}
                            disabled={changing.busy}
                            size="xs"
                            w={170}
                          />
                        ) : (
                          roleLabel(member.role)
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(member.joined_at)}</Table.Td>
                      {canManage ? (
                        <Table.Td ta="right">
                          {member.policies.remove ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconUserMinus size={14} aria-hidden />}
                              aria-label={`Remove ${member.name}`}
                              onClick={() => setRemoving(member)}
                            >
                              Remove
                            </Button>
                          ) : null}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 ? (
            <Pagination
              total={lastPage}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n} of ${lastPage}` })}
              size="sm"
            />
          ) : null}
        </Stack>
      ) : null}
      <ConfirmModal
        subject={
          removing
            ? {
                title: `Remove ${removing.name}?`,
                message:
                  removing.id === currentUserId
                    ? `You will lose access to ${organisationName} at once.`
                    : `${removing.name} loses access to ${organisationName} at once. You can invite them again later. Offer approvals waiting on them pass to you; their open onboarding tasks lose their owner.`,
                confirmLabel: 'Remove member',
              }
            : null
        }
        pending={removeMember.isPending}
        failedTitle="The member was not removed"
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}

/** What a removal handed over: the offers now waiting on someone else, the tasks without an owner. */
function HandedOver({ name, removal, onClose }: { name: string; removal: MemberRemoval; onClose: () => void }) {
  return (
    <Alert color="indigo" title={`What ${name} left behind`} withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="status">
      <Stack gap="xs">
        {removal.offer_approvals.length > 0 ? (
          <div>
            <Text size="sm">Offer approvals now {removal.offer_approvals[0]!.to.name}’s:</Text>
            <List size="sm">
              {removal.offer_approvals.map((a) => (
                <List.Item key={a.offer_id}>
                  <Anchor component={Link} to={a.url}>
                    Offer for {a.candidate_name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {removal.onboarding_tasks.length > 0 ? (
          <div>
            <Text size="sm">Onboarding tasks without an owner now:</Text>
            <List size="sm">
              {removal.onboarding_tasks.map((task) => (
                <List.Item key={task.task_id}>
                  <Anchor component={Link} to={task.url}>
                    {task.title} ({task.candidate_name})
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Alert>
  );
}
