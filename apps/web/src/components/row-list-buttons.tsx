import { ActionIcon, Button, Group, type ActionIconProps } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The small "Add …" button under an editable list of rows. */
export function AddRowButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Group>
      <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Group>
  );
}

/** The bin at the end of an editable row; `label` names the row, e.g. "Remove task 2". */
export function RemoveRowButton({
  label,
  onClick,
  iconSize = 16,
  ...props
}: { label: string; onClick: () => void; iconSize?: number } & Pick<ActionIconProps, 'color' | 'mt'>) {
  return (
    <ActionIcon variant="subtle" color="gray" {...props} aria-label={label} onClick={onClick}>
      <IconTrash size={iconSize} aria-hidden />
    </ActionIcon>
  );
}
