import { Anchor, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { TRIAL_DAYS } from '@hireloop/contract/constants';
import { createOrganisationBody, type CreateOrganisationBody } from '@hireloop/contract/organisations';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { MultiStepForm, type FormStep } from '../../../components/multi-step-form.tsx';
import { ReviewSummary } from '../../../components/review-summary.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { hasTeam, useAuth } from '../../session/auth-store.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { createOrganisation } from '../api.ts';
import { nextSlug } from '../slug.ts';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zones.ts';

/** The form's flat values (docs/product.md §6); empty strings stand for "not given". */
export type CreateOrganisationValues = {
  name: string;
  slug: string;
  timezone: string;
  website: string;
  size: string;
};

export const COMPANY_SIZES = [
  { value: '1-10', label: '1–10 people' },
  { value: '11-50', label: '11–50 people' },
  { value: '51-200', label: '51–200 people' },
  { value: '201-1000', label: '201–1,000 people' },
  { value: '1000+', label: 'More than 1,000 people' },
] as const;

/** Form values → the POST body: blanks are left out, so the contract's optional fields stay optional. */
export function toCreateOrganisationBody(values: CreateOrganisationValues): CreateOrganisationBody {
  const body: CreateOrganisationBody = { name: values.name.trim(), timezone: values.timezone };
  const slug = values.slug.trim();
  const website = values.website.trim();
  if (slug !== '') body.slug = slug;
  if (website !== '') body.website = website;
  const size = COMPANY_SIZES.find((option) => option.value === values.size);
  if (size) body.size = size.value;
  return body;
}

const resolveSchema = schemaResolver(createOrganisationBody, { sync: true });

/** The contract's zod schema is the only source of the rules (the server runs the same one). */
export function validateCreateOrganisation(values: CreateOrganisationValues): FormErrors {
  return resolveSchema(toCreateOrganisationBody(values));
}

type Form = UseFormReturnType<CreateOrganisationValues>;

function OrganisationStep({ form }: { form: Form }) {
  const nameProps = form.getInputProps('name');
  return (
    <Stack gap="md">
      <TextInput
        label="Organisation name"
        description="Your company, or the agency that hires for its clients."
        placeholder="Acme Ltd"
        required
        autoComplete="organization"
        key={form.key('name')}
        {...nameProps}
        onChange={(event) => {
          const name = event.currentTarget.value;
          // The URL slug follows the name until the user writes their own.
          form.setFieldValue('slug', nextSlug(form.getValues().name, name, form.getValues().slug));
          nameProps.onChange(name);
        }}
      />
      <TextInput
        label="URL slug"
        description="Lowercase letters, digits and dashes; used in your careers-site address."
        placeholder="acme-ltd"
        autoComplete="off"
        spellCheck={false}
        key={form.key('slug')}
        {...form.getInputProps('slug')}
      />
    </Stack>
  );
}

function DetailsStep({ form, timezones }: { form: Form; timezones: string[] }) {
  return (
    <Stack gap="md">
      <Select
        label="Timezone"
        description="Interview times and dates are shown in it."
        data={timezones}
        searchable
        required
        allowDeselect={false}
        nothingFoundMessage="No such timezone"
        // Mounted only while open: a hidden listbox labelled "Timezone" would be a second element with that label.
        comboboxProps={{ keepMounted: false }}
        // A plain scrolling listbox: Mantine's ScrollArea viewport is an unfocusable scroll region (axe).
        withScrollArea={false}
        maxDropdownHeight={280}
        key={form.key('timezone')}
        {...form.getInputProps('timezone')}
      />
      <TextInput
        label="Website"
        placeholder="https://example.com"
        type="url"
        inputMode="url"
        autoComplete="url"
        key={form.key('website')}
        {...form.getInputProps('website')}
      />
      <Select
        label="Company size"
        placeholder="Choose a size"
        data={COMPANY_SIZES.map((option) => ({ value: option.value, label: option.label }))}
        clearable
        comboboxProps={{ keepMounted: false }}
        key={form.key('size')}
        {...form.getInputProps('size')}
      />
    </Stack>
  );
}

function ReviewStep({ form }: { form: Form }) {
  const values = form.getValues();
  const size = COMPANY_SIZES.find((option) => option.value === values.size);
  const rows = [
    { label: 'Name', value: values.name.trim() || 'Not given yet' },
    { label: 'URL slug', value: values.slug.trim() || 'Chosen for you from the name' },
    { label: 'Timezone', value: values.timezone },
    { label: 'Website', value: values.website.trim() || 'None' },
    { label: 'Company size', value: size?.label ?? 'Not given' },
  ];
  return (
    <Stack gap="md">
      <ReviewSummary rows={rows} />
      <Text size="sm">
        You will be its owner, and its {TRIAL_DAYS}-day free trial starts today. Everything can be changed later in the organisation
        settings.
      </Text>
    </Stack>
  );
}

/** /get-started for a signed-in user: create the organisation in three steps (draft kept locally). */
export function CreateOrganisationPage() {
  const auth = useAuth();
  const { refresh } = useSessionActions();
  const navigate = useNavigate();
  const timezones = useMemo(() => timeZoneChoices(browserTimeZone()), []);
  const initialValues = useMemo<CreateOrganisationValues>(
    () => ({ name: '', slug: '', timezone: browserTimeZone(), website: '', size: '' }),
    [],
  );

  const steps: Array<FormStep<CreateOrganisationValues>> = [
    { id: 'organisation', label: 'Organisation', fields: ['name', 'slug'], render: (form) => <OrganisationStep form={form} /> },
    {
      id: 'details',
      label: 'Details',
      fields: ['timezone', 'website', 'size'],
      render: (form) => <DetailsStep form={form} timezones={timezones} />,
    },
    { id: 'review', label: 'Review', fields: [], render: (form) => <ReviewStep form={form} /> },
  ];

  async function submit(values: CreateOrganisationValues) {
    // Errors propagate: MultiStepForm puts an ApiError's field errors on their fields and toasts the rest.
    const { organisation } = await createOrganisation(toCreateOrganisationBody(values));
    toastSuccess(`${organisation.name} is ready. Welcome to your dashboard.`);
    try {
      await refresh();
    } catch {
      // The organisation exists: never offer the form again for it. A full load re-runs start-up.
      window.location.assign('/dashboard');
      return;
    }
    await navigate('/dashboard', { replace: true });
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>Create your organisation</Title>
          <Text c="dimmed">{auth.user ? `Signed in as ${auth.user.name}. ` : ''}Tell us about the organisation you hire for.</Text>
        </Stack>
        <MultiStepForm<CreateOrganisationValues>
          steps={steps}
          initialValues={initialValues}
          validate={validateCreateOrganisation}
          onSubmit={submit}
          draft={{ group: 'create-organisation' }}
          submitLabel="Create organisation"
        />
        {hasTeam(auth) ? (
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/dashboard" underline="always">
              Back to the dashboard
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
