import { ActionIcon, Anchor, Badge, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Website } from '@hireloop/contract/website';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { formatDate } from '../../../lib/dates.ts';

/** "Active", or "On trial until 1/15/30" while the organisation's trial runs. */
export function ProductStateBadge({ site }: { site: Website }) {
  if (site.product_state === 'trial') {
    return (
      <Badge color="indigo.7" variant="filled" size="lg">
        {site.trail_ends_at ? `On trial until ${formatDate(site.trail_ends_at)}` : 'On trial'}
      </Badge>
    );
  }
  return (
    <Badge color="teal.9" variant="filled" size="lg">
      Active
    </Badge>
  );
}

/** The careers site's public address: opens in a new tab, with a copy button. */
export function SiteLink({ site }: { site: Website }) {
  const live = site.roles.filter((r) => r.live).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="website-link">
      <Stack gap={4}>
        <Title order={2} size="h5" id="website-link">
          Your careers site
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Anchor href={site.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
            <Group gap={4} component="span" wrap="nowrap">
              {site.url}
              <IconExternalLink size={14} aria-hidden />
              <Text span size="xs" c="dimmed">
                (opens in a new tab)
              </Text>
            </Group>
          </Anchor>
          <CopyButton value={site.url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? 'Link copied' : 'Copy the careers site link'}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          {live === 0 ? 'No role is live on it yet.' : `${live} ${live === 1 ? 'role is' : 'roles are'} live on it.`}
        </Text>
      </Stack>
    </Paper>
  );
}
