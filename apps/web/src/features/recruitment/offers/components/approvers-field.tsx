import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { OFFER_APPROVERS_MAX } from '@hireloop/contract/offers';
import { roleMayApproveOffers } from '@hireloop/contract/policies/offers';
import type { OrganisationUser } from '@hireloop/contract/users';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableList } from '../../../../components/sortable-list.tsx';

type Props = {
  value: string[];
  onChange: (ids: string[]) => void;
  members: OrganisationUser[];
  loading: boolean;
  error?: string;
};

function move(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Approvers in order: add from the organisation's members, reorder by dragging or with up/down, remove. */
export function ApproversField({ value, onChange, members, loading, error }: Props) {
  const [picker, setPicker] = useState<string | null>(null);
  const eligible = members.filter((m) => roleMayApproveOffers(m.role));
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? 'Unknown colleague';
  const options = eligible.filter((m) => !value.includes(m.id)).map((m) => ({ value: m.id, label: m.name }));
  const items = value.map((id) => ({ id, name: nameOf(id) }));
  const full = value.length >= OFFER_APPROVERS_MAX;

  return (
    <Stack gap="sm">
      <Text size="sm">
        Approvers decide one after another, in this order. The offer can be sent once all of them approve; with no approvers it is approved
        when submitted.
      </Text>
      <Select
        label="Add an approver"
        placeholder={loading ? 'Loading colleagues…' : full ? `At most ${OFFER_APPROVERS_MAX} approvers` : 'Search colleagues'}
        data={options}
        searchable
        disabled={full}
        nothingFoundMessage="No colleague matches"
        value={picker}
        onChange={(id) => {
          setPicker(null);
          if (id && !value.includes(id)) onChange([...value, id]);
        }}
      />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No approvers yet.
        </Text>
      ) : (
        <SortableList
          items={items}
          label="Approvers, in order"
          sortable={items.length > 1}
          onMove={(from, to) => onChange(move(value, from, to))}
          renderRow={(item, handle) => {
            const index = value.indexOf(item.id);
            return (
              <Group gap="xs" wrap="nowrap">
                {handle}
                <Text size="sm" fw={500} style={{ flex: 1 }}>
                  {index + 1}. {item.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${item.name} up`}
                  disabled={index === 0}
                  onClick={() => onChange(move(value, index, index - 1))}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${item.name} down`}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(move(value, index, index + 1))}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => onChange(value.filter((id) => id !== item.id))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          }}
        />
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
