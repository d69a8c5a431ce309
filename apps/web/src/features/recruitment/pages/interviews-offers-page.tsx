import { Stack, Tabs, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileCertificate } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { InterviewsTab } from '../interviews/components/interviews-tab.tsx';
import { OffersTab } from '../offers/offers-tab.tsx';

export type InterviewsOffersTab = 'interviews' | 'offers';

/**
 * /recruitment/:recruitment/interviews and …/offers: one screen, two tabs (docs/product.md §5); the
 * route decides the tab and switching tabs changes the route.
 */
export function InterviewsOffersPage({ tab }: { tab: InterviewsOffersTab }) {
  const navigate = useNavigate();
  const recruitmentId = useParams().recruitment ?? '';
  return (
    <Stack gap="lg">
      <Title order={2}>Interviews and offers</Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          if (value && value !== tab) void navigate(`/recruitment/${encodeURIComponent(recruitmentId)}/${value}`);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="interviews" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            Interviews
          </Tabs.Tab>
          <Tabs.Tab value="offers" leftSection={<IconFileCertificate size={16} aria-hidden />}>
            Offers
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="interviews" pt="lg">
          <InterviewsTab recruitmentId={recruitmentId} />
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="lg">
          <OffersTab recruitmentId={recruitmentId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
