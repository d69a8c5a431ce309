import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconListCheck } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../session/auth-store.ts';
import { ApiKeysPanel } from '../recruitment/components/api-keys-panel.tsx';
import { NoOrganisation } from '../recruitment/components/no-organisation.tsx';
import { OfferLetterTemplateSection } from '../recruitment/components/offer-letter-template-section.tsx';
import { RecruitmentDefaults } from '../recruitment/components/recruitment-defaults-form.tsx';

// Loaded on demand: the page opens without waiting for the interview kits' editor.
const InterviewTypesSection = lazy(() =>
  import('../recruitment/components/interview-types-section.tsx').then((m) => ({ default: m.InterviewTypesSection })),
);

export type RecruitmentSettingsTab = 'recruitment' | 'api-keys';

const PATHS: Record<RecruitmentSettingsTab, string> = {
  recruitment: '/settings/recruitment',
  'api-keys': '/settings/api-keys',
};

/** /settings/recruitment and /settings/api-keys: one screen (docs/product.md §5); the route picks the tab. */
export function RecruitmentSettingsPage({ tab }: { tab: RecruitmentSettingsTab }) {
  const navigate = useNavigate();
  const { currentOrganisation } = useAuth();
  const permissions = currentOrganisation?.permissions ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{tab === 'recruitment' ? 'Recruitment settings' : 'API keys'}</Title>
        <Text c="dimmed">
          Defaults for hiring in {currentOrganisation?.name ?? 'your organisation'}, and keys for reaching it through the API.
        </Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'recruitment' || value === 'api-keys') void navigate(PATHS[value]);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="recruitment" leftSection={<IconListCheck size={16} aria-hidden />}>
            Recruitment
          </Tabs.Tab>
          <Tabs.Tab value="api-keys" leftSection={<IconKey size={16} aria-hidden />}>
            API keys
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="recruitment" pt="lg">
          {currentOrganisation ? (
            <Stack gap="xl">
              <RecruitmentDefaults canManage={permissions.includes('recruitment_settings.manage')} />
              {tab === 'recruitment' ? (
                <Suspense fallback={null}>
                  <InterviewTypesSection canManage={permissions.includes('interview_types.manage')} />
                </Suspense>
              ) : null}
              {permissions.includes('offers.view') ? (
                <OfferLetterTemplateSection canManage={permissions.includes('offers.manage')} />
              ) : null}
            </Stack>
          ) : (
            <NoOrganisation />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="api-keys" pt="lg">
          {currentOrganisation ? <ApiKeysPanel canManage={permissions.includes('api_keys.manage')} /> : <NoOrganisation />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
