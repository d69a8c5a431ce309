import { Button, Loader, Stack, Text, Timeline } from '@mantine/core';
import type { ApplicationDetail } from '@hireloop/contract/candidates';
import { describeError } from '../../../../lib/toasts.ts';
import { activitySentence } from '../activity-text.ts';
import { useActivities } from '../api.ts';
import { RelativeTime } from '../time.tsx';

/** Everything that happened to the person, newest first, a page at a time. */
export function ActivityTab({ application }: { application: ApplicationDetail }) {
  const activities = useActivities(application.candidate.id);
  if (activities.isPending) return <Loader size="sm" aria-label="Loading the activity" />;
  if (activities.isError)
    return (
      <Text size="sm" c="red">
        {describeError(activities.error).message}
      </Text>
    );
  const items = activities.data.pages.flatMap((page) => page.data);
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened yet.
      </Text>
    );
  return (
    <Stack gap="md">
      <Timeline bulletSize={12} lineWidth={2}>
        {items.map((activity) => (
          <Timeline.Item key={activity.id}>
            <Text size="sm">{activitySentence(activity)}</Text>
            <Text size="xs" c="dimmed">
              <RelativeTime iso={activity.created_at} />
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {activities.hasNextPage ? (
        <Button variant="default" onClick={() => void activities.fetchNextPage()} loading={activities.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
