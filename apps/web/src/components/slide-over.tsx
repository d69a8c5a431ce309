import { Alert, Drawer, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { describeError } from '../lib/toasts.ts';

type Props<T extends { id: string }> = {
  query: UseQueryResult<T>;
  /** The drawer's title: the item's name once loaded, else this. */
  titleOf: (item: T) => string;
  fallbackTitle: string;
  /** A CSS width, e.g. `min(48rem, 100%)`. */
  size: string;
  /** The loader's name, e.g. "Loading the hire". */
  loadingLabel: string;
  /** What a 404 says (it may have moved, or be another organisation's). */
  notFound: { title: string; text: string };
  /** The title of any other load failure (the text is the error's own). */
  failedTitle: string;
  onClose: () => void;
  /** The loaded item's content, in a column keyed by its id. */
  children: (item: T) => ReactNode;
  /** Rendered inside the drawer after the content whatever the state (e.g. a confirmation modal). */
  after?: ReactNode;
};

/** A right-hand, focus-trapped slide-over of one loaded item; Esc closes it. */
export function SlideOver<T extends { id: string }>({ query, ...props }: Props<T>) {
  const data = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Drawer
      opened
      onClose={props.onClose}
      position="right"
      size={props.size}
      title={data ? props.titleOf(data) : props.fallbackTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
      trapFocus
      closeOnEscape
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
    >
      {query.isPending ? (
        <Stack align="center" py="xl">
          <Loader aria-label={props.loadingLabel} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" title={missing ? props.notFound.title : props.failedTitle}>
          {missing ? props.notFound.text : describeError(query.error).message}
        </Alert>
      ) : data ? (
        <Stack gap="lg" key={data.id}>
          {props.children(data)}
        </Stack>
      ) : null}
      {props.after}
    </Drawer>
  );
}
