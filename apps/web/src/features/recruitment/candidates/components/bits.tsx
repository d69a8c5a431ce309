import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { APPLICATION_RATING_MAX } from '@hireloop/contract/candidates';
import { formatDate } from '../../../../lib/dates.ts';

/** Read-only stars with a text equivalent. */
export function RatingStars({ rating }: { rating: number | null }) {
  if (rating === null) {
    return (
      <Text size="sm" c="dimmed" component="span">
        <span aria-hidden>—</span>
        <VisuallyHidden>Not rated</VisuallyHidden>
      </Text>
    );
  }
  const stars = '★'.repeat(rating) + '☆'.repeat(Math.max(0, APPLICATION_RATING_MAX - rating));
  return (
    <Text size="sm" c="yellow" component="span" role="img" aria-label={`${rating} of ${APPLICATION_RATING_MAX} stars`}>
      {stars}
    </Text>
  );
}

export function TagList({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((tag) => (
        <Badge
          key={tag}
          size="sm"
          variant="outline"
          color="gray"
          c="var(--mantine-color-text)"
          styles={{ root: { textTransform: 'none' } }}
        >
          {tag}
        </Badge>
      ))}
      {tags.length > max ? (
        <Text size="xs" c="dimmed" component="span">
          +{tags.length - max}
        </Text>
      ) : null}
    </Group>
  );
}

/** "Today", "Yesterday", "3d ago", then the short date ("3/4/26"): relative while recent. */
export function shortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const days = Math.floor((now.getTime() - date.getTime()) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  return formatDate(date);
}
