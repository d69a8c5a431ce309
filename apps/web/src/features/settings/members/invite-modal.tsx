import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { INVITATION_TTL_DAYS, createInvitationBody } from '@hireloop/contract/invitations';
import type { MemberRole } from '@hireloop/contract/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useInvite } from '../members-api.ts';
import { isMemberRole, roleOptions } from './role-options.ts';

type Props = { opened: boolean; onClose: () => void; actor: PolicyActor; organisationName: string };

type Values = { email: string; role: MemberRole };

/** Email and role; the server mails an accept link valid 7 days. Its field messages show under the fields. */
export function InviteModal({ opened, onClose, actor, organisationName }: Props) {
  const invite = useInvite();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: '', role: 'interviewer' },
    validate: schemaResolver(createInvitationBody, { sync: true }),
  });

  function close() {
    form.reset();
    invite.reset();
    onClose();
  }

  async function submit(values: Values) {
    try {
      const { invitation } = await invite.mutateAsync(values);
      toastSuccess(`Invitation sent to ${invitation.email}.`);
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      if (fields && (fields.email || fields.role)) {
        form.setErrors({ email: fields.email?.[0], role: fields.role?.[0] });
      } else {
        toastError(error);
      }
    }
  }

  const sending = useSubmitOnce(submit, invite.isPending);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Invite someone to ${organisationName}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit((values) => void sending.run(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            description={`They get a mail with a link to join, valid for ${INVITATION_TTL_DAYS} days.`}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
            // Checked on leaving the field once something is typed in it: an address not typed yet
            // (the role chosen first) is not an error until the form is sent.
            onBlur={() => {
              if (form.getValues().email.trim() !== '') form.validateField('email');
            }}
          />
          <Select
            label="Role"
            data={roleOptions(actor)}
            allowDeselect={false}
            required
            {...form.getInputProps('role')}
            onChange={(value) => {
              if (isMemberRole(value)) form.setFieldValue('role', value);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={sending.busy}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
