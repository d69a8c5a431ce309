import { Stack, Title } from '@mantine/core';
import { EmailPreferencesSection } from '../personal/email-preferences-section.tsx';
import { ProfileSection } from '../personal/profile-section.tsx';
import { SessionsSection } from '../personal/sessions-section.tsx';

/** /settings/me: profile (name, photo, timezone), email notifications per type, and where the user is signed in. */
export function MySettingsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>My Personal Settings</Title>
      <ProfileSection />
      <EmailPreferencesSection />
      <SessionsSection />
    </Stack>
  );
}
