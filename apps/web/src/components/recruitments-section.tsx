import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { recruitmentOperations } from '@hireloop/contract/operations/recruitments';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { call } from '../lib/operations.ts';
import { describeError } from '../lib/toasts.ts';
import { RecruitmentStateBadge } from './recruitment-state-badge.tsx';
import { queryKeys } from '../lib/query-keys.ts';

type RecruitmentsSectionProps = {
  organisationId: string;
  /** The recruitments of one job role or one team. */
  filter: { role: string } | { team: string };
  /** "Start a recruitment" goes here; null hides it (no recruitments.manage, or a closed role). */
  startHref: string | null;
  /** Shown when there are none, e.g. "No recruitments for this role yet." */
  emptyText: string;
};

/**
 * The recruitments of a role or team page, newest first, each linking to its candidates. Shared by
 * the jobs and teams features (they may not import the recruitment feature); its query key sits
 * under the shared `recruitments` key (lib/query-keys.ts) so recruitment writes refresh it.
 */
export function RecruitmentsSection({ organisationId, filter, startHref, emptyText }: RecruitmentsSectionProps) {
  const params = { ...filter, status: 'all', per_page: 50, sort: '-opened_at' as const };
  const recruitments = useQuery({
    queryKey: queryKeys.recruitmentList(organisationId, params),
    queryFn: async () =>
      (await call(recruitmentOperations.list, { query: { page: 1, per_page: params.per_page, sort: params.sort, filter } })).recruitments,
    enabled: organisationId !== '',
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="recruitments-section">
      <Group justify="space-between" align="center">
        <Title order={2} id="recruitments-section" size="h3">
          Recruitments
        </Title>
        {startHref ? (
          <Button component={Link} to={startHref} size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
            Start a recruitment
          </Button>
        ) : null}
      </Group>
      {recruitments.isPending ? (
        <Loader size="sm" aria-label="Loading recruitments" />
      ) : recruitments.isError ? (
        <Alert color="red" variant="light" c="red" title="The recruitments could not be loaded" role="alert">
          {describeError(recruitments.error).message}
        </Alert>
      ) : recruitments.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <List spacing="xs" aria-label="Recruitments" listStyleType="none" ml={0} pl={0}>
          {recruitments.data.data.map((r) => (
            <List.Item key={r.id}>
              <Group gap="xs">
                <Anchor component={Link} to={`/recruitment/${r.id}/candidates`}>
                  {r.name}
                </Anchor>
                <RecruitmentStateBadge state={r.status} />
                <Text size="sm" c="dimmed">
                  {r.candidates_count === 1 ? '1 candidate' : `${r.candidates_count} candidates`} · {r.hired_count} hired
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
