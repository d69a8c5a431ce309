import { Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router';
import { MultiStepForm, type FormStep } from '../../../components/multi-step-form.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useCreateRole } from '../api.ts';
import { EMPTY_ROLE, toRoleBody, validateRole, type RoleFormValues } from '../role-form.ts';
import { RoleBasicsFields, RoleDescriptionField, RolePayFields, RoleStatusField, RoleWhereFields } from './role-fields.tsx';

function Review({ form }: { form: UseFormReturnType<RoleFormValues> }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Save the role as a <strong>draft</strong> while you work on it, or <strong>open</strong> it to start recruiting.
      </Text>
      <RoleStatusField form={form} />
    </Stack>
  );
}

const STEPS: ReadonlyArray<FormStep<RoleFormValues>> = [
  { id: 'role', label: 'Role', fields: ['name', 'team_id', 'experience_level_id'], render: (form) => <RoleBasicsFields form={form} /> },
  {
    id: 'where',
    label: 'Where and how',
    fields: ['location_type', 'location', 'employment_type'],
    render: (form) => <RoleWhereFields form={form} />,
  },
  {
    id: 'pay',
    label: 'Pay',
    fields: ['salary_min', 'salary_max', 'salary_currency', 'salary_period'],
    render: (form) => <RolePayFields form={form} />,
  },
  { id: 'description', label: 'Description', fields: ['description_html'], render: (form) => <RoleDescriptionField form={form} /> },
  { id: 'review', label: 'Review', fields: ['status'], render: (form) => <Review form={form} /> },
];

/** The multi-step "New role" form with a local draft (group `create-role`). */
export function CreateRoleForm() {
  const create = useCreateRole();
  const navigate = useNavigate();
  return (
    <MultiStepForm<RoleFormValues>
      steps={STEPS}
      initialValues={EMPTY_ROLE}
      validate={validateRole}
      draft={{ group: 'create-role' }}
      allowIncompleteNavigation={false}
      submitLabel="Create role"
      onSubmit={async (values) => {
        const role = await create.mutateAsync(toRoleBody(values));
        toastSuccess(`Role “${role.name}” created.`);
        void navigate(`/roles/${role.id}`);
      }}
    />
  );
}
