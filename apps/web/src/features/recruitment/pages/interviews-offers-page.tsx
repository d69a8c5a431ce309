import { EmptyState, Stack, Tabs, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileCertificate } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

export type InterviewsOffersTab = 'interviews' | 'offers';

/**
 * /recruitment/:recruitment/interviews and …/offers: one screen, two tabs (SPEC §2); the
 * route decides the tab and switching tabs changes the route.
 */
export function InterviewsOffersPage({ tab }: { tab: InterviewsOffersTab }) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Title order={2}>Interviews and offers</Title>
      <Tabs value={tab} onChange={(value) => value && value !== tab && navigate(`../${value}`, { relative: 'path' })}>
        <Tabs.List>
          <Tabs.Tab value="interviews" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            Interviews
          </Tabs.Tab>
          <Tabs.Tab value="offers" leftSection={<IconFileCertificate size={16} aria-hidden />}>
            Offers
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="interviews" pt="lg">
          <EmptyState
            icon={<IconCalendarEvent size={28} aria-hidden />}
            withIndicatorBackground
            title="No interviews yet"
            description="Interviews scheduled for this recruitment will be listed here with their interviewers and feedback."
          />
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="lg">
          <EmptyState
            icon={<IconFileCertificate size={28} aria-hidden />}
            withIndicatorBackground
            title="No offers yet"
            description="Offers made to candidates of this recruitment will be listed here with their approvals and status."
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
