import { Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { KIT_ITEMS_MAX } from '@hireloop/contract/interviews';
import { AddRowButton, RemoveRowButton } from '../../../../components/row-list-buttons.tsx';

type Props = {
  /** "Questions", "Criteria to rate". */
  label: string;
  /** "Question", "Criterion": names each row and the add button. */
  itemLabel: string;
  items: string[];
  onChange: (items: string[]) => void;
  error?: string;
};

/** An editable list of kit entries (questions or criteria). */
export function KitListEditor({ label, itemLabel, items, onChange, error }: Props) {
  return (
    <Fieldset legend={label} variant="unstyled" p={0}>
      <Stack gap={6} mt={4}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : null}
        {items.map((item, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${itemLabel} ${index + 1}`}
              value={item}
              style={{ flex: 1 }}
              onChange={(e) => onChange(items.map((v, i) => (i === index ? e.currentTarget.value : v)))}
            />
            <RemoveRowButton
              label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            />
          </Group>
        ))}
        <AddRowButton disabled={items.length >= KIT_ITEMS_MAX} onClick={() => onChange([...items, ''])}>
          Add {itemLabel.toLowerCase()}
        </AddRowButton>
        {error ? (
          <Text size="sm" c="red">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
