import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updateOrganisationBody, type OrganisationSettings } from '@hireloop/contract/organisation-settings';
import { IconBuilding } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { TimezoneSelect } from '../shared/timezone-select.tsx';
import { useOrganisationSettings, useRemoveLogo, useUpdateOrganisation, useUploadLogo } from './api.ts';

type DetailsValues = { name: string; slug: string; website: string; timezone: string };

const validate = schemaResolver(updateOrganisationBody, { sync: true });

const valuesOf = (o: OrganisationSettings): DetailsValues => ({
  name: o.name,
  slug: o.slug,
  website: o.website ?? '',
  timezone: o.timezone,
});

function DetailsForm({ organisation, canEdit }: { organisation: OrganisationSettings; canEdit: boolean }) {
  const update = useUpdateOrganisation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: valuesOf(organisation),
    validate: (values) => validate({ ...values, name: values.name.trim(), slug: values.slug.trim(), website: values.website.trim() }),
  });

  async function submit(values: DetailsValues) {
    try {
      const { organisation: saved } = await update.mutateAsync({
        name: values.name.trim(),
        slug: values.slug.trim(),
        website: values.website.trim(),
        timezone: values.timezone,
      });
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      toastSuccess('The organisation is saved.');
    } catch (error) {
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0]])));
      } else toastError(error);
    }
  }

  const saving = useSubmitOnce(submit, update.isPending);

  return (
    <Stack gap="lg">
      {canEdit ? (
        <ImageUploadField
          label="Logo"
          description="Shown on your careers site and in emails. It is fitted within 512×512 pixels."
          currentUrl={organisation.logo_url}
          fallback={<IconBuilding size={32} aria-hidden />}
          noun="logo"
          radius="md"
          field="logo"
          onUpload={(file) => upload.mutateAsync(file)}
          onRemove={() => remove.mutateAsync()}
        />
      ) : null}
      <form onSubmit={form.onSubmit((values) => void saving.run(values))} noValidate>
        <Stack gap="md" maw={520}>
          {!canEdit ? (
            <Text size="sm" c="dimmed">
              Only owners and admins can change these.
            </Text>
          ) : null}
          <TextInput label="Organisation name" required readOnly={!canEdit} autoComplete="organization" {...form.getInputProps('name')} />
          <TextInput
            label="URL slug"
            description="Lowercase letters, digits and dashes; used in your careers-site address."
            required
            readOnly={!canEdit}
            spellCheck={false}
            autoComplete="off"
            {...form.getInputProps('slug')}
          />
          <TextInput
            label="Website"
            placeholder="https://example.com"
            type="url"
            inputMode="url"
            autoComplete="url"
            readOnly={!canEdit}
            {...form.getInputProps('website')}
          />
          {canEdit ? (
            <TimezoneSelect
              label="Timezone"
              description="The organisation's default for interview times and dates."
              required
              value={form.getValues().timezone}
              onChange={(value) => form.setFieldValue('timezone', value)}
              error={form.errors.timezone}
            />
          ) : (
            <TextInput label="Timezone" readOnly value={organisation.timezone} />
          )}
          {canEdit ? (
            <Group>
              <Button type="submit" loading={saving.busy} disabled={!form.isDirty()}>
                Save changes
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}

export function DetailsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useOrganisationSettings();
  return (
    <Section id="organisation-details" title="Details" description="Your organisation as candidates and colleagues see it.">
      {settings.data ? (
        <DetailsForm key={settings.data.id} organisation={settings.data} canEdit={canEdit} />
      ) : settings.isError ? (
        <SectionError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SectionSkeleton rows={4} />
      )}
    </Section>
  );
}
