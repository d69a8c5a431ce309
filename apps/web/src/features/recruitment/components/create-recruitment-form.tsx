import { ActionIcon, Alert, Anchor, Button, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  HIRING_TEAM_ROLE_LABELS,
  HIRING_TEAM_ROLES,
  RECRUITMENT_DESCRIPTION_MAX,
  RECRUITMENT_NAME_MAX,
  RECRUITMENT_OPENINGS_MAX,
  type CreateRecruitmentBody,
  type HiringTeamRole,
} from '@hireloop/contract/recruitments';
import type { JobRole } from '@hireloop/contract/roles';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { MultiStepForm, type FormStep } from '../../../components/multi-step-form.tsx';
import { ReviewSummary } from '../../../components/review-summary.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useMembers, useRoleOptions } from '../../session/organisation-lists.ts';
import { useCreateRecruitment } from '../api.ts';

export type HiringTeamRow = { user_id: string; role: HiringTeamRole };

export type RecruitmentFormValues = {
  role_id: string;
  hiring_team: HiringTeamRow[];
  name: string;
  owner_id: string;
  openings: number | string;
  target_date: string | null;
  description: string;
};

/** Only roles one may recruit for: drafts and open ones (a closed role must be reopened first). */
export function recruitableRoles(roles: JobRole[]): JobRole[] {
  return roles.filter((r) => r.status !== 'closed');
}

export function validateRecruitment(values: RecruitmentFormValues): Partial<Record<keyof RecruitmentFormValues, string>> {
  const errors: Partial<Record<keyof RecruitmentFormValues, string>> = {};
  if (values.role_id === '') errors.role_id = 'Choose the job role to recruit for.';
  if (values.hiring_team.some((m) => m.user_id === '')) errors.hiring_team = 'Choose a colleague on every row, or remove the row.';
  else if (new Set(values.hiring_team.map((m) => m.user_id)).size !== values.hiring_team.length)
    errors.hiring_team = 'Each colleague can be on the hiring team once.';
  const name = values.name.trim();
  if (name !== '' && name.length < 2) errors.name = 'The name must be at least 2 characters.';
  if (name.length > RECRUITMENT_NAME_MAX) errors.name = `The name may not be longer than ${RECRUITMENT_NAME_MAX} characters.`;
  const openings = Number(values.openings);
  if (values.openings === '' || !Number.isInteger(openings)) errors.openings = 'Enter a whole number.';
  else if (openings < 1) errors.openings = 'At least one opening.';
  else if (openings > RECRUITMENT_OPENINGS_MAX) errors.openings = `At most ${RECRUITMENT_OPENINGS_MAX} openings.`;
  if (values.description.length > RECRUITMENT_DESCRIPTION_MAX) errors.description = 'The description is too long.';
  return errors;
}

export function toCreateBody(values: RecruitmentFormValues): CreateRecruitmentBody {
  const name = values.name.trim();
  const description = values.description.trim();
  return {
    role_id: values.role_id,
    // Blank: the server names it after the role.
    ...(name !== '' ? { name } : {}),
    description: description === '' ? null : description,
    owner_id: values.owner_id === '' ? null : values.owner_id,
    openings: Number(values.openings),
    target_date: values.target_date,
    hiring_team: values.hiring_team,
  };
}

/** The organisation's roles a recruitment may be started for (its one shared list, filtered here). */
function useRecruitableRoles() {
  const roles = useRoleOptions();
  const data = useMemo(() => (roles.data ? recruitableRoles(roles.data) : undefined), [roles.data]);
  return { data, isPending: roles.isPending };
}

function RoleStep({ form }: { form: UseFormReturnType<RecruitmentFormValues> }) {
  const roles = useRecruitableRoles();
  const roleInput = form.getInputProps('role_id');
  if (roles.data && roles.data.length === 0) {
    return (
      <Alert
        color="yellow"
        variant="light"
        c="var(--mantine-color-text)"
        styles={{ title: { color: 'inherit' } }}
        title="No job role to recruit for"
      >
        <Text size="sm">
          A recruitment hires for a draft or open job role.{' '}
          <Anchor component={Link} to="/jobs?new=1" c="var(--mantine-color-text)" underline="always">
            Create a job role
          </Anchor>{' '}
          first.
        </Text>
      </Alert>
    );
  }
  return (
    <Select
      label="Job role"
      description="The role this recruitment hires for. Draft and open roles are listed."
      placeholder={roles.isPending ? 'Loading roles…' : 'Search roles'}
      data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.team ? `${r.name} (${r.team.name})` : r.name }))}
      searchable
      withAsterisk
      nothingFoundMessage="No role matches"
      {...roleInput}
      value={form.values.role_id || null}
      onChange={(value) => {
        const before = roles.data?.find((r) => r.id === form.values.role_id);
        const next = roles.data?.find((r) => r.id === value);
        form.setFieldValue('role_id', value ?? '');
        // The name follows the role until the user types their own.
        if (next && (form.values.name.trim() === '' || form.values.name === before?.name)) form.setFieldValue('name', next.name);
      }}
    />
  );
}

function HiringTeamStep({ form }: { form: UseFormReturnType<RecruitmentFormValues> }) {
  const users = useMembers();
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  const roleOptions = HIRING_TEAM_ROLES.map((role) => ({ value: role, label: HIRING_TEAM_ROLE_LABELS[role] }));
  const error = form.errors.hiring_team;
  return (
    <Stack gap="sm">
      <Text size="sm">Who works on this recruitment, and what they do. You can change the team later.</Text>
      {form.values.hiring_team.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one on the hiring team yet.
        </Text>
      ) : null}
      {form.values.hiring_team.map((member, index) => (
        <Group key={index} align="flex-end" wrap="nowrap">
          <Select
            label={`Member ${index + 1}`}
            placeholder="Search colleagues"
            data={options}
            searchable
            nothingFoundMessage="No colleague matches"
            value={member.user_id || null}
            onChange={(value) => form.setFieldValue(`hiring_team.${index}.user_id`, value ?? '')}
            style={{ flex: 2 }}
          />
          <Select
            label={`Role of member ${index + 1}`}
            data={roleOptions}
            allowDeselect={false}
            value={member.role}
            onChange={(value) => value && form.setFieldValue(`hiring_team.${index}.role`, value as HiringTeamRole)}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove member ${index + 1}`}
            onClick={() => form.removeListItem('hiring_team', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {typeof error === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem('hiring_team', { user_id: '', role: 'interviewer' } satisfies HiringTeamRow)}
        >
          Add a member
        </Button>
      </Group>
    </Stack>
  );
}

function DetailsStep({ form }: { form: UseFormReturnType<RecruitmentFormValues> }) {
  const users = useMembers();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap="sm">
      <TextInput label="Name" description="Defaults to the job role's name." {...form.getInputProps('name')} />
      <Select
        label="Owner"
        description="Who is responsible for this recruitment."
        data={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
        searchable
        clearable
        nothingFoundMessage="No colleague matches"
        {...form.getInputProps('owner_id')}
        value={form.values.owner_id || null}
        onChange={(value) => form.setFieldValue('owner_id', value ?? '')}
      />
      <NumberInput label="Openings" min={1} max={RECRUITMENT_OPENINGS_MAX} allowDecimal={false} {...form.getInputProps('openings')} />
      <DatePickerField
        label="Target date"
        description="When you hope to have hired."
        clearable
        minDate={today}
        value={form.values.target_date}
        onChange={(value) => form.setFieldValue('target_date', value)}
        error={form.errors.target_date}
      />
      <Textarea label="Description" rows={4} {...form.getInputProps('description')} />
    </Stack>
  );
}

function Review({ form }: { form: UseFormReturnType<RecruitmentFormValues> }) {
  const roles = useRecruitableRoles();
  const users = useMembers();
  const role = roles.data?.find((r) => r.id === form.values.role_id);
  const nameOf = (id: string) => users.data?.find((u) => u.id === id)?.name ?? 'Unknown colleague';
  const v = form.values;
  return (
    <ReviewSummary
      rows={[
        { label: 'Job role', value: role?.name ?? 'Not chosen' },
        { label: 'Name', value: v.name.trim() || role?.name || '—' },
        { label: 'Owner', value: v.owner_id ? nameOf(v.owner_id) : 'No owner' },
        { label: 'Openings', value: String(v.openings) },
        { label: 'Target date', value: v.target_date ? formatDay(v.target_date) : 'None' },
        {
          label: 'Hiring team',
          value:
            v.hiring_team.length === 0
              ? 'No one yet'
              : v.hiring_team.map((m) => `${nameOf(m.user_id)} (${HIRING_TEAM_ROLE_LABELS[m.role]})`).join(', '),
        },
      ]}
    />
  );
}

const STEPS: ReadonlyArray<FormStep<RecruitmentFormValues>> = [
  { id: 'role', label: 'Role', fields: ['role_id'], render: (form) => <RoleStep form={form} /> },
  { id: 'team', label: 'Hiring team', fields: ['hiring_team'], render: (form) => <HiringTeamStep form={form} /> },
  {
    id: 'details',
    label: 'Details',
    fields: ['name', 'owner_id', 'openings', 'target_date', 'description'],
    render: (form) => <DetailsStep form={form} />,
  },
  { id: 'review', label: 'Review', fields: [], render: (form) => <Review form={form} /> },
];

/** "New recruitment": role → hiring team → details → review, with a local draft; opens the new recruitment's candidates. */
export function CreateRecruitmentForm({ roleId }: { roleId?: string }) {
  const create = useCreateRecruitment();
  const navigate = useNavigate();
  const userId = useAuth().user?.id ?? '';
  return (
    <MultiStepForm<RecruitmentFormValues>
      steps={STEPS}
      initialValues={{
        role_id: roleId ?? '',
        hiring_team: [],
        name: '',
        owner_id: userId,
        openings: 1,
        target_date: null,
        description: '',
      }}
      validate={validateRecruitment}
      // Started from a role page: that role's own draft, so another role's draft does not override it.
      draft={{ group: 'create-recruitment', key: roleId }}
      allowIncompleteNavigation={false}
      submitLabel="Start recruitment"
      onSubmit={async (values) => {
        const recruitment = await create.mutateAsync(toCreateBody(values));
        toastSuccess(`Recruitment “${recruitment.name}” started.`);
        void navigate(`/recruitment/${recruitment.id}/candidates`);
      }}
    />
  );
}
