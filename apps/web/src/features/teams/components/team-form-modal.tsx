import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Team, TeamBody, TeamKind } from '@hireloop/contract/teams';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toasts.ts';

type Values = { name: string; kind: TeamKind; description: string; contact_name: string; contact_email: string; contact_phone: string };

type Props = {
  opened: boolean;
  title: string;
  submitLabel: string;
  /** The team being edited; empty fields for a new one. */
  initial?: Team | undefined;
  onClose: () => void;
  /** Saves; a rejected ApiError's field messages are shown on the fields. */
  onSubmit: (body: TeamBody) => Promise<unknown>;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create or edit a team or client: name, kind, description and contact person. */
export function TeamFormModal({ opened, title, submitLabel, initial, onClose, onSubmit }: Props) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: initial?.name ?? '',
      kind: initial?.kind ?? 'team',
      description: initial?.description ?? '',
      contact_name: initial?.contact_name ?? '',
      contact_email: initial?.contact_email ?? '',
      contact_phone: initial?.contact_phone ?? '',
    },
    validate: {
      name: (v) =>
        v.trim().length < 2
          ? 'The name must be at least 2 characters.'
          : v.trim().length > 120
            ? 'The name may not be longer than 120 characters.'
            : null,
      description: (v) => (v.length > 2000 ? 'The description may not be longer than 2000 characters.' : null),
      contact_email: (v) => (v.trim() !== '' && !EMAIL.test(v.trim()) ? 'Enter a valid email address.' : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ ...values, name: values.name.trim() });
      form.reset();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')])));
      } else toastError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="team-kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="team-kind-label"
              data={[
                { value: 'team', label: 'Team' },
                { value: 'client', label: 'Client' },
              ]}
              {...form.getInputProps('kind')}
            />
          </Stack>
          <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
          <TextInput label="Contact name" {...form.getInputProps('contact_name')} />
          <TextInput label="Contact email" type="email" {...form.getInputProps('contact_email')} />
          <TextInput label="Contact phone" type="tel" {...form.getInputProps('contact_phone')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
