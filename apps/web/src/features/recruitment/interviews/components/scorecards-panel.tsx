import { Alert, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  RATING_LABELS,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type Interview,
  type Recommendation,
  type ScorecardSummary,
} from '@hireloop/contract/interviews';
import { formatDateTime } from '../../../../lib/dates.ts';
import { useScorecards } from '../api.ts';
import { ScorecardForm } from './scorecard-form.tsx';
import { LoadError } from './interview-bits.tsx';

export const HIDDEN_UNTIL_SUBMITTED = 'Submit yours to see the others’.';

const RECOMMENDATION_COLOURS: Record<Recommendation, string> = { strong_no: 'red', no: 'orange', yes: 'teal', strong_yes: 'green' };

/** "2 of 3 scorecards in · Yes 1, Strong yes 1". */
export function summaryText(summary: ScorecardSummary): string {
  const counts = RECOMMENDATIONS.filter((r) => summary.recommendations[r] > 0).map(
    (r) => `${RECOMMENDATION_LABELS[r]} ${summary.recommendations[r]}`,
  );
  const head = `${summary.submitted} of ${summary.expected} scorecard${summary.expected === 1 ? '' : 's'} in`;
  return counts.length > 0 ? `${head} · ${counts.join(', ')}` : head;
}

export function RecommendationBadge({ value }: { value: Recommendation }) {
  return (
    <Badge color={RECOMMENDATION_COLOURS[value]} variant="light" autoContrast>
      {RECOMMENDATION_LABELS[value]}
    </Badge>
  );
}

/**
 * What the signed-in user owes, then what they may see: both as the server's `policies` say
 * (packages/contract/src/policies/interviews.ts); whether the interview has started is the clock's.
 */
export function ScorecardsPanel({ interview, now = new Date() }: { interview: Interview; now?: Date }) {
  // Someone on the panel who has not submitted sees no one else's: they are not even asked for.
  const blind = !interview.policies.view_scorecards;
  const scorecards = useScorecards(interview.id, !blind);
  const started = Date.parse(interview.starts_at) <= now.getTime();

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {summaryText(interview.scorecards)}
      </Text>
      {blind ? (
        <>
          <Alert
            color="blue"
            variant="light"
            c="blue"
            styles={{ title: { color: 'inherit' } }}
            role="status"
            title="Others' scorecards are hidden"
          >
            {HIDDEN_UNTIL_SUBMITTED}
          </Alert>
          {!interview.policies.submit_scorecard ? (
            interview.status === 'cancelled' ? (
              <Text size="sm">This interview was cancelled; it takes no scorecards.</Text>
            ) : null
          ) : !started ? (
            <Text size="sm">You can submit your scorecard once the interview has started ({formatDateTime(interview.starts_at)}).</Text>
          ) : (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Your scorecard
              </Title>
              <ScorecardForm interview={interview} />
            </Stack>
          )}
        </>
      ) : scorecards.isPending ? (
        <Loader size="sm" aria-label="Loading scorecards" />
      ) : scorecards.isError ? (
        <LoadError title="The scorecards could not be loaded" error={scorecards.error} />
      ) : (
        <Stack gap="sm">
          {scorecards.data.hidden ? (
            <Alert color="blue" variant="light" c="blue" styles={{ title: { color: 'inherit' } }} role="status">
              {HIDDEN_UNTIL_SUBMITTED}
            </Alert>
          ) : null}
          {scorecards.data.scorecards.length === 0 && !scorecards.data.hidden ? <Text size="sm">No scorecards yet.</Text> : null}
          {scorecards.data.scorecards.map((card) => (
            <Paper key={card.id} withBorder p="sm" radius="sm" component="article" aria-label={`Scorecard of ${card.interviewer.name}`}>
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm">
                  {card.interviewer.name}
                </Text>
                <RecommendationBadge value={card.recommendation} />
              </Group>
              <List size="sm" listStyleType="none" ml={0} pl={0}>
                {card.ratings.map((r) => (
                  <List.Item key={r.criterion}>
                    {r.criterion}: {r.rating} · {RATING_LABELS[r.rating] ?? ''}
                  </List.Item>
                ))}
              </List>
              {card.notes ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {card.notes}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" mt={4}>
                Submitted {formatDateTime(card.submitted_at)}
              </Text>
            </Paper>
          ))}
          {scorecards.data.pending.length > 0 ? (
            <Text size="sm" c="dimmed">
              Waiting for {scorecards.data.pending.map((p) => p.name).join(', ')}.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
