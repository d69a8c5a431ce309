import { Group, SegmentedControl } from '@mantine/core';
import { IconLayoutKanban, IconTable } from '@tabler/icons-react';

export type TableOrBoard = 'table' | 'board';

/** The "View" switch between a list's table and its stage board. */
export function ViewToggle({ value, onChange }: { value: TableOrBoard; onChange: (view: TableOrBoard) => void }) {
  return (
    <SegmentedControl
      aria-label="View"
      value={value}
      onChange={(next) => onChange(next === 'board' ? 'board' : 'table')}
      data={[
        {
          value: 'table',
          label: (
            <Group gap={4} wrap="nowrap" component="span">
              <IconTable size={14} aria-hidden />
              Table
            </Group>
          ),
        },
        {
          value: 'board',
          label: (
            <Group gap={4} wrap="nowrap" component="span">
              <IconLayoutKanban size={14} aria-hidden />
              Board
            </Group>
          ),
        },
      ]}
    />
  );
}
