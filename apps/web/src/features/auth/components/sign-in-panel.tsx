import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../session/auth-store.ts';
import { googleSignInUrl } from '../../session/sign-in.ts';

type SignInPanelProps = {
  heading: string;
  intro: string;
  /** Where the server sends the user back after Google sign-in. */
  returnTo: string;
  footer?: ReactNode;
};

/** Google sign-in, a full-page navigation to the server's redirect endpoint (docs/product.md §3). */
export function SignInPanel({ heading, intro, returnTo, footer }: SignInPanelProps) {
  const { unavailable } = useAuth();
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{heading}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        {unavailable ? (
          <Alert color="yellow" title={`${PRODUCT_NAME} is not reachable`}>
            {ERROR_TEXTS.generic}
          </Alert>
        ) : null}
        <Button
          component="a"
          href={googleSignInUrl(returnTo)}
          size="md"
          variant="default"
          leftSection={<IconBrandGoogle size={20} aria-hidden />}
          fullWidth
        >
          Sign in with Google
        </Button>
        {footer}
      </Stack>
    </Paper>
  );
}

export function GetStartedLink() {
  return (
    <Text size="sm" ta="center">
      New to {PRODUCT_NAME}?{' '}
      <Anchor component={Link} to="/get-started" underline="always">
        Get started
      </Anchor>
    </Text>
  );
}

export function LoginLink() {
  return (
    <Text size="sm" ta="center">
      Already have an account?{' '}
      <Anchor component={Link} to="/login" underline="always">
        Log in
      </Anchor>
    </Text>
  );
}
