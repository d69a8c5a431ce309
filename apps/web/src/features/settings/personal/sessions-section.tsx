import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { ActionButton } from '../../../components/action-button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { useEndOtherSessions, useEndSession, useUserSessions } from './api.ts';
import { describeUserAgent } from './user-agent.ts';

/** Where the user is signed in; ending a session signs that browser out at its next request. */
export function SessionsSection() {
  const sessions = useUserSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  async function signOut(id: string, device: string) {
    try {
      await endOne.mutateAsync(id);
      toastSuccess(`Signed out of ${device}.`);
    } catch (error) {
      toastError(error);
    }
  }

  // One session ends at a time: the other rows' buttons wait, so a click on them is not silently dropped.
  const ending = useSubmitOnce(signOut, endOne.isPending);

  async function signOutEverywhereElse() {
    const { ended } = await endOthers.mutateAsync();
    toastSuccess(ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`);
  }

  return (
    <Section
      id="settings-sessions"
      title="Sessions"
      description="The browsers and devices signed in to your account. Sign out of any you do not recognise."
    >
      {sessions.data ? (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Device</Table.Th>
                  <Table.Th scope="col">IP address</Table.Th>
                  <Table.Th scope="col">Signed in</Table.Th>
                  <Table.Th scope="col">Last active</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => {
                  const device = describeUserAgent(session.user_agent);
                  return (
                    <Table.Tr key={session.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {device}
                        </Text>
                      </Table.Td>
                      <Table.Td>{session.ip ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(session.created_at)}</Table.Td>
                      <Table.Td>{formatDateTime(session.last_seen_at)}</Table.Td>
                      <Table.Td ta="right">
                        {session.current ? (
                          <Badge variant="filled" color="teal.9">
                            This device
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => void ending.run(session.id, device)}
                            loading={endOne.isPending && endOne.variables === session.id}
                            disabled={ending.busy}
                            aria-label={`Sign out ${device}, last active ${formatDateTime(session.last_seen_at)}`}
                          >
                            Sign out
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <ActionButton
              color="red.8"
              leftSection={<IconLogout size={16} aria-hidden />}
              action={signOutEverywhereElse}
              pending={endOthers.isPending}
              disabled={others === 0}
            >
              Sign out everywhere else
            </ActionButton>
            {others === 0 ? (
              <Text size="sm" c="dimmed">
                You are signed in on this device only.
              </Text>
            ) : null}
          </Group>
        </Stack>
      ) : sessions.isError ? (
        <SectionError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <SectionSkeleton rows={2} />
      )}
    </Section>
  );
}
