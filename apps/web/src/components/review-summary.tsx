import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ReviewRow = { label: string; value: ReactNode };

/**
 * The Review step of a multi-step form: what will be created, one labelled line per value, as a
 * description list (the organisation, recruitment, offer and job role forms share it).
 */
export function ReviewSummary({ rows, label = 'Summary' }: { rows: ReadonlyArray<ReviewRow>; label?: string }) {
  return (
    <div role="group" aria-label={label}>
      <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)' }}>
        {rows.map((row) => (
          <Group key={row.label} gap="xs" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" fw={600} w={140} style={{ flexShrink: 0 }}>
              {row.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.value}
            </Text>
          </Group>
        ))}
      </dl>
    </div>
  );
}
