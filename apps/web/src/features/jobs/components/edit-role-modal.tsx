import { Button, Divider, Group, Modal, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { JobRole } from '@hireloop/contract/roles';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useUpdateRole } from '../api.ts';
import { toRoleBody, toRoleValues, validateRole, type RoleFormValues } from '../role-form.ts';
import { RoleBasicsFields, RoleDescriptionField, RolePayFields, RoleWhereFields } from './role-fields.tsx';

type Props = { role: JobRole; opened: boolean; onClose: () => void };

/** Edits every field of a role at once (the status changes through the page's own buttons). */
export function EditRoleModal({ role, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit role" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <EditRoleForm role={role} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditRoleForm({ role, onDone }: { role: JobRole; onDone: () => void }) {
  const update = useUpdateRole(role.id);
  const form = useForm<RoleFormValues>({ mode: 'controlled', initialValues: toRoleValues(role), validate: validateRole });
  const saving = useSubmitOnce(async (values: RoleFormValues) => {
    const { status: _status, ...body } = toRoleBody(values);
    try {
      await update.mutateAsync(body);
      toastSuccess('Role saved.');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
      } else {
        toastError(error);
      }
    }
  }, update.isPending);
  return (
    <form onSubmit={form.onSubmit((values) => void saving.run(values))} noValidate>
      <Stack gap="lg">
        <RoleBasicsFields form={form} />
        <Divider />
        <Title order={3}>Where and how</Title>
        <RoleWhereFields form={form} />
        <Divider />
        <Title order={3}>Pay</Title>
        <RolePayFields form={form} />
        <Divider />
        <RoleDescriptionField form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
