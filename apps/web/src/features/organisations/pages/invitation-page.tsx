import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import { IconBrandGoogle, IconCheck, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError, toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { roleLabel } from '../../session/role-label.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { googleSignInUrl } from '../../session/sign-in.ts';
import { useAcceptInvitationLink, useDeclineInvitationLink, useInvitationByToken } from '../api.ts';

const AFTER_ANSWER = '/dashboard';

/**
 * /invitations/:token, the link in an invitation mail. Signed out: whom it is from and "Sign in with
 * Google to accept", which comes back here. Signed in: Accept or Decline, then the dashboard.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const { logout } = useSessionActions();
  const invitation = useInvitationByToken(token);
  const accept = useAcceptInvitationLink();
  const decline = useDeclineInvitationLink();
  // One answer at a time: a double click on Accept, or Accept then Decline, sends one request.
  const answering = useSubmitOnce(async (yes: boolean, organisationName: string) => {
    try {
      if (yes) {
        await accept.mutateAsync(token);
        toastSuccess(`Welcome to ${organisationName}!`);
      } else {
        await decline.mutateAsync(token);
        toastSuccess(`You declined the invitation to ${organisationName}.`);
      }
      void navigate(AFTER_ANSWER, { replace: true });
    } catch (error) {
      toastError(error);
    }
  }, accept.isPending || decline.isPending);

  if (invitation.isPending || auth.status === 'pending') {
    return (
      <Group justify="center" mt="xl">
        <Loader aria-label="Loading the invitation" />
      </Group>
    );
  }

  if (invitation.isError) {
    return (
      <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
        <Stack gap="md">
          <Title order={1}>This invitation cannot be used</Title>
          <Alert color="orange" variant="light" role="alert">
            {describeError(invitation.error).message}
          </Alert>
          <Text size="sm">
            <Anchor component={Link} to={auth.status === 'authenticated' ? AFTER_ANSWER : '/login'} underline="always">
              {auth.status === 'authenticated' ? 'Go to your dashboard' : `Log in to ${PRODUCT_NAME}`}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    );
  }

  const i = invitation.data;
  const signedInEmail = auth.user?.email?.toLowerCase() ?? null;
  const otherAccount = auth.status === 'authenticated' && signedInEmail !== i.email;

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>Join {i.organisation.name}</Title>
          <Text>
            {i.inviter_name ?? `Someone at ${i.organisation.name}`} invited you to join <strong>{i.organisation.name}</strong> on{' '}
            {PRODUCT_NAME} as <strong>{roleLabel(i.role)}</strong>.
          </Text>
          <Text size="sm" c="dimmed">
            Sent to {i.email} · valid until {formatDateTime(i.expires_at)}
          </Text>
        </Stack>

        {auth.status !== 'authenticated' ? (
          <Stack gap="xs">
            <Button
              component="a"
              href={googleSignInUrl(`/invitations/${token}`)}
              size="md"
              variant="default"
              leftSection={<IconBrandGoogle size={20} aria-hidden />}
              fullWidth
            >
              Sign in with Google to accept
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Use the Google account of {i.email}.
            </Text>
          </Stack>
        ) : otherAccount ? (
          <Alert color="yellow" variant="light" title="Signed in with another address" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                You are signed in as {auth.user?.email ?? 'an account without a verified email'}, but this invitation was sent to {i.email}.
                Log out and sign in with that address to accept it.
              </Text>
              <Button size="xs" variant="default" onClick={() => void logout()}>
                Log out
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Group grow>
            <Button
              size="md"
              leftSection={<IconCheck size={18} aria-hidden />}
              onClick={() => void answering.run(true, i.organisation.name)}
              loading={accept.isPending}
              disabled={answering.busy}
            >
              Accept
            </Button>
            <Button
              size="md"
              variant="default"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => void answering.run(false, i.organisation.name)}
              loading={decline.isPending}
              disabled={answering.busy}
            >
              Decline
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
