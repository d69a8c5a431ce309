import { Stack, Switch } from '@mantine/core';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_TEXTS, type NotificationType } from '@hireloop/contract/notification-types';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { useProfile, useUpdateProfile } from './api.ts';

/** One switch per notification type; each change is saved at once. In-app notifications always arrive. */
export function EmailPreferencesSection() {
  const profile = useProfile();
  const update = useUpdateProfile();

  async function toggle(type: NotificationType, on: boolean) {
    try {
      await update.mutateAsync({ email_preferences: { [type]: on } });
      toastSuccess(`${NOTIFICATION_TYPE_TEXTS[type].label}: email ${on ? 'on' : 'off'}.`);
    } catch (error) {
      toastError(error);
    }
  }

  // One switch saves at a time; all of them wait meanwhile.
  const toggling = useSubmitOnce(toggle, update.isPending);

  return (
    <Section
      id="settings-email"
      title="Email notifications"
      description="Choose what is also sent to your inbox. You always see every notification in the app."
    >
      {profile.data ? (
        <Stack gap="md">
          {NOTIFICATION_TYPES.map((type) => (
            <Switch
              key={type}
              label={NOTIFICATION_TYPE_TEXTS[type].label}
              description={NOTIFICATION_TYPE_TEXTS[type].description}
              checked={profile.data.email_preferences[type]}
              disabled={toggling.busy}
              onChange={(event) => void toggling.run(type, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      ) : profile.isError ? (
        <SectionError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <SectionSkeleton rows={4} />
      )}
    </Section>
  );
}
