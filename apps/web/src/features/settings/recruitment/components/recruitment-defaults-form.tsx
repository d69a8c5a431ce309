import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  INTERVIEW_MINUTES,
  RETENTION_MONTHS,
  updateRecruitmentSettingsBody,
  type RecruitmentSettings,
} from '@hireloop/contract/recruitment-settings';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useRecruitmentSettings } from '../../../session/organisation-lists.ts';
import { useUpdateRecruitmentSettings } from '../api.ts';

const resolve = schemaResolver(updateRecruitmentSettingsBody, { sync: true });

function DefaultsForm({ settings, canManage }: { settings: RecruitmentSettings; canManage: boolean }) {
  const update = useUpdateRecruitmentSettings();
  const form = useForm<RecruitmentSettings>({ initialValues: settings, validate: resolve });
  const saving = useSubmitOnce(async (values: RecruitmentSettings) => {
    try {
      const saved = await update.mutateAsync(values);
      form.setInitialValues(saved);
      form.reset();
      toastSuccess('Recruitment defaults saved.');
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toastError(error);
    }
  }, update.isPending);
  return (
    <form onSubmit={form.onSubmit((values) => void saving.run(values))}>
      <Stack gap="md" maw={420}>
        <NumberInput
          label="Default interview length"
          description={`Minutes; new interviews start with this length (${INTERVIEW_MINUTES.min}–${INTERVIEW_MINUTES.max}).`}
          min={INTERVIEW_MINUTES.min}
          max={INTERVIEW_MINUTES.max}
          step={15}
          allowDecimal={false}
          suffix=" min"
          readOnly={!canManage}
          key={form.key('default_interview_minutes')}
          {...form.getInputProps('default_interview_minutes')}
        />
        <NumberInput
          label="Keep candidate data for"
          description={`Months after a candidate's last activity before their data is deleted (${RETENTION_MONTHS.min}–${RETENTION_MONTHS.max}).`}
          min={RETENTION_MONTHS.min}
          max={RETENTION_MONTHS.max}
          allowDecimal={false}
          suffix=" months"
          readOnly={!canManage}
          key={form.key('candidate_retention_months')}
          {...form.getInputProps('candidate_retention_months')}
        />
        {canManage ? (
          <Group>
            <Button type="submit" loading={saving.busy} disabled={!form.isDirty()}>
              Save defaults
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only owners and admins change these.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The recruitment tab: defaults every new recruitment and candidate starts with. */
export function RecruitmentDefaults({ canManage }: { canManage: boolean }) {
  const settings = useRecruitmentSettings();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Recruitment defaults
      </Title>
      {settings.isPending ? (
        <Skeleton height={160} radius="md" maw={420} />
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="The defaults could not be loaded">
          {settings.error.message}
        </Alert>
      ) : (
        <DefaultsForm settings={settings.data} canManage={canManage} />
      )}
    </Stack>
  );
}
