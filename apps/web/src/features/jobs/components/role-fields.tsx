import { Group, Loader, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  EMPLOYMENT_TYPE_LABELS,
  LOCATION_TYPE_LABELS,
  ROLE_LOCATION_MAX,
  ROLE_NAME_MAX,
  ROLE_SALARY_MAX,
  ROLE_STATUS_LABELS,
  SALARY_PERIOD_LABELS,
} from '@hireloop/contract/roles';
import { lazy, Suspense } from 'react';
import { useExperienceLevels, useTeamOptions } from '../../session/organisation-lists.ts';
import { options, type RoleFormValues } from '../role-form.ts';

type Form = UseFormReturnType<RoleFormValues>;

// tiptap is large: only pages that edit a description load it.
const DescriptionEditor = lazy(() => import('./description-editor.tsx'));

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CAD', 'AUD'];

export function RoleBasicsFields({ form }: { form: Form }) {
  const teams = useTeamOptions();
  const levels = useExperienceLevels();
  return (
    <Stack gap="md">
      <TextInput
        label="Role name"
        placeholder="Senior Backend Engineer"
        required
        maxLength={ROLE_NAME_MAX}
        autoComplete="off"
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      {/* Without the teams feature (or its permission) the team select is left out. */}
      {teams.isError ? null : (
        <Select
          label="Team"
          placeholder={teams.isPending ? 'Loading teams…' : 'No team'}
          data={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          clearable
          searchable
          nothingFoundMessage="No team matches"
          key={form.key('team_id')}
          {...form.getInputProps('team_id')}
          value={form.getValues().team_id || null}
          onChange={(v) => form.setFieldValue('team_id', v ?? '')}
        />
      )}
      <Select
        label="Experience level"
        placeholder={levels.isPending ? 'Loading levels…' : 'No level'}
        data={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        clearable
        key={form.key('experience_level_id')}
        {...form.getInputProps('experience_level_id')}
        value={form.getValues().experience_level_id || null}
        onChange={(v) => form.setFieldValue('experience_level_id', v ?? '')}
      />
    </Stack>
  );
}

export function RoleWhereFields({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <Select
        label="Location type"
        data={options(LOCATION_TYPE_LABELS)}
        allowDeselect={false}
        key={form.key('location_type')}
        {...form.getInputProps('location_type')}
      />
      <TextInput
        label="Location"
        description="City, region or time zones, e.g. “Berlin” or “Europe (CET ± 2h)”."
        maxLength={ROLE_LOCATION_MAX}
        key={form.key('location')}
        {...form.getInputProps('location')}
      />
      <Select
        label="Employment type"
        data={options(EMPLOYMENT_TYPE_LABELS)}
        allowDeselect={false}
        key={form.key('employment_type')}
        {...form.getInputProps('employment_type')}
      />
    </Stack>
  );
}

export function RolePayFields({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Optional. With a salary, choose its currency.
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label="Minimum salary"
          min={0}
          max={ROLE_SALARY_MAX}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          key={form.key('salary_min')}
          {...form.getInputProps('salary_min')}
        />
        <NumberInput
          label="Maximum salary"
          min={0}
          max={ROLE_SALARY_MAX}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          key={form.key('salary_max')}
          {...form.getInputProps('salary_max')}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label="Currency"
          placeholder="Choose"
          data={CURRENCIES}
          searchable
          clearable
          key={form.key('salary_currency')}
          {...form.getInputProps('salary_currency')}
          value={form.getValues().salary_currency || null}
          onChange={(v) => form.setFieldValue('salary_currency', v ?? '')}
        />
        <Select
          label="Period"
          data={options(SALARY_PERIOD_LABELS)}
          allowDeselect={false}
          key={form.key('salary_period')}
          {...form.getInputProps('salary_period')}
        />
      </Group>
    </Stack>
  );
}

export function RoleDescriptionField({ form }: { form: Form }) {
  const props = form.getInputProps('description_html');
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
      <DescriptionEditor
        value={form.getValues().description_html}
        onChange={(html) => form.setFieldValue('description_html', html)}
        error={typeof props.error === 'string' ? props.error : undefined}
      />
    </Suspense>
  );
}

export function RoleStatusField({ form }: { form: Form }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="role-status-label">
        Status
      </Text>
      <SegmentedControl
        aria-labelledby="role-status-label"
        data={options(ROLE_STATUS_LABELS)}
        key={form.key('status')}
        {...form.getInputProps('status')}
      />
    </Stack>
  );
}
