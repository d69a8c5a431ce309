import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updateProfileBody, type Profile } from '@hireloop/contract/me';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { TimezoneSelect } from '../shared/timezone-select.tsx';
import { useProfile, useRemoveAvatar, useUpdateProfile, useUploadAvatar } from './api.ts';
import { initials } from '@hireloop/contract/initials';

type ProfileValues = { name: string; timezone: string };

const validate = schemaResolver(updateProfileBody, { sync: true });

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: { name: profile.name, timezone: profile.timezone },
    validate: (values) => validate(values),
  });

  async function submit(values: ProfileValues) {
    try {
      const { profile: saved } = await update.mutateAsync({ name: values.name.trim(), timezone: values.timezone });
      form.setValues({ name: saved.name, timezone: saved.timezone });
      form.resetDirty({ name: saved.name, timezone: saved.timezone });
      toastSuccess('Your profile is saved.');
    } catch (error) {
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0]])));
      } else toastError(error);
    }
  }

  const saving = useSubmitOnce(submit, update.isPending);

  return (
    <Stack gap="lg">
      <ImageUploadField
        label="Photo"
        description="Shown next to your name to everyone in your organisations. It is cropped to a square."
        currentUrl={profile.avatar_url}
        fallback={initials(profile.name)}
        noun="photo"
        radius="xl"
        field="avatar"
        onUpload={(file) => upload.mutateAsync(file)}
        onRemove={() => remove.mutateAsync()}
      />
      <form onSubmit={form.onSubmit((values) => void saving.run(values))} noValidate>
        <Stack gap="md" maw={520}>
          <TextInput label="Name" required autoComplete="name" maxLength={120} {...form.getInputProps('name')} />
          <TextInput
            label="Email address"
            value={profile.email ?? ''}
            readOnly
            description="From your Google account; it cannot be changed here."
            placeholder="No email address on your Google account"
          />
          <TimezoneSelect
            label="Timezone"
            description="Dates and interview times are shown to you in it."
            required
            value={form.getValues().timezone}
            onChange={(value) => form.setFieldValue('timezone', value)}
            error={form.errors.timezone}
          />
          <Group>
            <Button type="submit" loading={saving.busy} disabled={!form.isDirty()}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export function ProfileSection() {
  const profile = useProfile();
  return (
    <Section id="settings-profile" title="Profile" description="How you appear to the people you work with.">
      {profile.data ? (
        <ProfileForm key={profile.data.id} profile={profile.data} />
      ) : profile.isError ? (
        <SectionError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <SectionSkeleton rows={4} />
      )}
    </Section>
  );
}
