import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Team, TeamBody, TeamKind } from '@hireloop/contract/teams';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError } from '../../../lib/toasts.ts';

type Values = { name: string; kind: TeamKind; description: string; contact_name: string; contact_email: string; contact_phone: string };

type Props = {
  opened: boolean;
  title: string;
  submitLabel: string;
  /** The team being edited; empty fields for a new one. */
  initial?: Team | undefined;
  onClose: () => void;
  /**
   * Saves. Runs once at a time (apps/web/src/lib/submit-once.ts): Save spins and the dialog cannot be
   * closed until it settles. The dialog closes when it resolves; a rejected ApiError's field messages are
   * shown on the fields, anything else is toasted, and what was typed stays.
   */
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

  const saving = useSubmitOnce(async (values: Values) => {
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
  // Closing waits for the request, so the person sees how it ended.
  const close = () => {
    if (!saving.busy) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeOnEscape={!saving.busy}
      closeOnClickOutside={!saving.busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving.busy }}
      centered
    >
      <form onSubmit={form.onSubmit((values) => void saving.run(values))} noValidate>
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
            <Button variant="default" onClick={close} disabled={saving.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
