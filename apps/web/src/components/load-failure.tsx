import { Anchor, EmptyState, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { describeError } from '../lib/toasts.ts';

type LoadFailureProps = {
  /** The page's heading while nothing is loaded (its title stays the route's). */
  heading: string;
  icon: ReactNode;
  error: unknown;
  /** Shown for a 404: the object does not exist, or is another organisation's. */
  missing: { title: string; description: string };
  /** Shown for any other failure, with the error's own message. */
  failedTitle: string;
  back: { to: string; label: string };
};

/** A detail page whose object could not be loaded: "no such …" for a 404, the error otherwise, and a way back. */
export function LoadFailure({ heading, icon, error, missing, failedTitle, back }: LoadFailureProps) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="lg">
      <Title order={1}>{heading}</Title>
      <EmptyState
        icon={icon}
        withIndicatorBackground
        title={notFound ? missing.title : failedTitle}
        description={notFound ? missing.description : describeError(error).message}
      />
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}
