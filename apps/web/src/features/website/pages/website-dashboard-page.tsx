import { EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { useBilling } from '../../session/queries.ts';
import { useWebsite, useWebsitePermissions } from '../api.ts';
import { PublishedRoles } from '../components/published-roles.tsx';
import { ProductStateBadge, SiteLink } from '../components/site-status.tsx';
import { WebsiteFigures } from '../components/website-figures.tsx';
import { WebsiteOffer } from '../components/website-offer.tsx';
import { WebsiteSettingsForm } from '../components/website-settings-form.tsx';

/**
 * /website: the Website product. Without it, the offer to subscribe; with it, the careers site's
 * link, its settings, which roles it publishes (and their own questions) and its figures.
 */
export function WebsiteDashboardPage() {
  const { canView, canManage, canSubscribe } = useWebsitePermissions();
  const website = useWebsite();
  const billing = useBilling();

  if (!canView) {
    return (
      <Stack gap="lg">
        <Title order={1}>Website</Title>
        <EmptyState
          icon={<IconLock size={28} aria-hidden />}
          withIndicatorBackground
          title="The Website dashboard is not open to you"
          description="Owners, admins, recruiters and hiring managers see the careers site, its published roles and figures here."
        />
      </Stack>
    );
  }
  if (website.isPending) {
    return (
      <Stack gap="lg">
        <Title order={1}>Website</Title>
        <Stack gap="lg" role="status" aria-label="Loading the careers site">
          <Skeleton height={120} radius="md" aria-hidden />
          <Skeleton height={320} radius="md" aria-hidden />
        </Stack>
      </Stack>
    );
  }
  if (website.isError) {
    return (
      <LoadFailure
        heading="Website"
        icon={<IconWorld size={28} aria-hidden />}
        error={website.error}
        missing={{ title: 'No careers site here', description: 'This organisation’s careers site could not be found.' }}
        failedTitle="The careers site could not be loaded"
        back={{ to: '/dashboard', label: 'Back to the dashboard' }}
      />
    );
  }

  const site = website.data;
  if (site.product_state === 'not_subscribed') {
    return (
      <Stack gap="lg">
        <Title order={1}>Website</Title>
        <WebsiteOffer billing={billing.data} canSubscribe={canSubscribe} />
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center">
        <Title order={1}>Website</Title>
        <ProductStateBadge site={site} />
      </Group>
      <SiteLink site={site} />
      <Section id="website-settings" title="Site settings" description="What visitors of your careers site see at the top of it.">
        <WebsiteSettingsForm key={site.slug} site={site} canManage={canManage} />
      </Section>
      <Section
        id="website-roles"
        title="Published roles"
        description="A published role is live on the careers site while it is open and has an open recruitment, where its applications land."
      >
        <PublishedRoles roles={site.roles} canManage={canManage} />
      </Section>
      <WebsiteFigures />
    </Stack>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
