import { Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EMPLOYMENT_TYPE_LABELS } from '@hireloop/contract/roles';
import { useNavigate } from 'react-router';
import { MultiStepForm, type FormStep } from '../../../components/multi-step-form.tsx';
import { ReviewSummary } from '../../../components/review-summary.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useCreateRole } from '../api.ts';
import { useExperienceLevels, useTeamOptions } from '../../session/organisation-lists.ts';
import { EMPTY_ROLE, formatLocation, formatSalary, toRoleBody, validateRole, type RoleFormValues } from '../role-form.ts';
import { RoleBasicsFields, RoleDescriptionField, RolePayFields, RoleStatusField, RoleWhereFields } from './role-fields.tsx';

const DESCRIPTION_PREVIEW_CHARS = 160;

/** The description's text without its markup, shortened for the summary. */
function descriptionPreview(html: string): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_PREVIEW_CHARS ? `${text.slice(0, DESCRIPTION_PREVIEW_CHARS - 1).trimEnd()}…` : text;
}

function Review({ form }: { form: UseFormReturnType<RoleFormValues> }) {
  const teams = useTeamOptions();
  const levels = useExperienceLevels();
  const values = form.getValues();
  const body = toRoleBody(values);
  const team = teams.data?.find((t) => t.id === values.team_id);
  const level = levels.data?.find((l) => l.id === values.experience_level_id);
  const salary = formatSalary({
    salary_min: body.salary_min ?? null,
    salary_max: body.salary_max ?? null,
    salary_currency: body.salary_currency ?? null,
    salary_period: values.salary_period,
  });
  const description = descriptionPreview(values.description_html);
  return (
    <Stack gap="md">
      <ReviewSummary
        rows={[
          { label: 'Role name', value: body.name || 'Not given yet' },
          { label: 'Team', value: values.team_id === '' ? 'No team' : (team?.name ?? 'Chosen') },
          { label: 'Experience level', value: values.experience_level_id === '' ? 'No level' : (level?.name ?? 'Chosen') },
          { label: 'Location', value: formatLocation({ location_type: values.location_type, location: body.location ?? null }) },
          { label: 'Employment type', value: EMPLOYMENT_TYPE_LABELS[values.employment_type] },
          { label: 'Salary', value: salary === '—' ? 'Not given' : salary },
          { label: 'Description', value: description || 'None' },
        ]}
      />
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
