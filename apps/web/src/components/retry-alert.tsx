import { Alert, Anchor } from '@mantine/core';

/** A list that could not be loaded: the error's message and a "Try again" that refetches. */
export function RetryAlert({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      {error.message}{' '}
      <Anchor component="button" onClick={onRetry}>
        Try again
      </Anchor>
    </Alert>
  );
}
