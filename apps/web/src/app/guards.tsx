import { Button, EmptyState, Stack, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { hasTeam, useAuth } from '../features/session/auth-store.ts';
import { loginUrlFor } from '../features/session/sign-in.ts';
import { useAppState } from './app-state.ts';

/**
 * Auth routes (docs/product.md §5): a signed-out visitor goes to `/login?redirect=<asked path>`. Nothing
 * renders while start-up is still asking who the user is (the full-screen loader covers it).
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'pending') return null;
  if (auth.status === 'unauthenticated') {
    return <Navigate to={loginUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}

/** Main-layout routes need a current organisation; without one the user is sent to create it. */
export function RequireOrganisation() {
  const auth = useAuth();
  if (!hasTeam(auth)) return <Navigate to="/get-started" replace />;
  return <Outlet />;
}

/**
 * Organisation settings stay reachable without an organisation (settings routes are never
 * redirected) but say why they are empty and how to get one.
 */
export function OrganisationSettingsGate() {
  const auth = useAuth();
  const { title } = useAppState();
  if (hasTeam(auth)) return <Outlet />;
  return (
    <Stack gap="lg">
      <Title order={1}>{title || 'Settings'}</Title>
      <EmptyState
        icon={<IconBuilding size={28} aria-hidden />}
        withIndicatorBackground
        title="You are not in an organisation yet"
        description="These settings belong to an organisation. Create yours, or ask a colleague to invite you to theirs."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/get-started">
            Create organisation
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Stack>
  );
}
