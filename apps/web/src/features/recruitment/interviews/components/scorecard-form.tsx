import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  INTERVIEW_TEXTS,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  SCORECARD_NOTES_MAX,
  type Interview,
  type Recommendation,
  type ScorecardBody,
} from '@hireloop/contract/interviews';
import { useState } from 'react';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { describeError, toastSuccess } from '../../../../lib/toasts.ts';
import { useSubmitScorecard } from '../api.ts';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export type ScorecardValues = { ratings: Record<string, number | null>; recommendation: Recommendation | null; notes: string };

export function validateScorecard(criteria: string[], values: ScorecardValues): { ratings?: string; recommendation?: string } {
  const errors: { ratings?: string; recommendation?: string } = {};
  if (criteria.some((c) => !values.ratings[c])) errors.ratings = INTERVIEW_TEXTS.ratingMissing;
  if (!values.recommendation) errors.recommendation = INTERVIEW_TEXTS.recommendationRequired;
  return errors;
}

export function toScorecardBody(criteria: string[], values: ScorecardValues): ScorecardBody {
  return {
    ratings: criteria.map((criterion) => ({ criterion, rating: values.ratings[criterion] ?? 0 })),
    recommendation: values.recommendation ?? 'no',
    notes: values.notes.trim(),
  };
}

/** The signed-in interviewer's scorecard: 1–4 per criterion of the kit, an overall recommendation, notes. */
export function ScorecardForm({ interview }: { interview: Interview }) {
  const submit = useSubmitScorecard(interview.id);
  const [values, setValues] = useState<ScorecardValues>({
    ratings: Object.fromEntries(interview.criteria.map((c) => [c, null])),
    recommendation: null,
    notes: '',
  });
  const [errors, setErrors] = useState<{ ratings?: string; recommendation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useSubmitOnce(async (body: Parameters<typeof submit.mutateAsync>[0]) => {
    try {
      await submit.mutateAsync(body);
      toastSuccess('Scorecard submitted.');
    } catch (error) {
      setFailure(describeError(error).message);
    }
  }, submit.isPending);

  return (
    <form
      noValidate
      aria-label="Your scorecard"
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateScorecard(interview.criteria, values);
        setErrors(found);
        if (found.ratings || found.recommendation) return;
        setFailure(null);
        void sending.run(toScorecardBody(interview.criteria, values));
      }}
    >
      <Stack gap="sm">
        {interview.criteria.map((criterion) => (
          <Radio.Group
            key={criterion}
            label={criterion}
            withAsterisk
            value={values.ratings[criterion] ? String(values.ratings[criterion]) : null}
            onChange={(v) => setValues((s) => ({ ...s, ratings: { ...s.ratings, [criterion]: Number(v) } }))}
            error={errors.ratings && !values.ratings[criterion] ? 'Rate this criterion.' : undefined}
          >
            <Group gap="md" mt={4}>
              {RATINGS.map((r) => (
                <Radio key={r} value={String(r)} label={`${r} · ${RATING_LABELS[r] ?? ''}`} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        {errors.ratings ? (
          <Text size="sm" c="red">
            {errors.ratings}
          </Text>
        ) : null}
        <Radio.Group
          label="Overall recommendation"
          withAsterisk
          value={values.recommendation}
          onChange={(v) => setValues((s) => ({ ...s, recommendation: v as Recommendation }))}
          error={errors.recommendation}
        >
          <Group gap="md" mt={4}>
            {RECOMMENDATIONS.map((r) => (
              <Radio key={r} value={r} label={RECOMMENDATION_LABELS[r]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxLength={SCORECARD_NOTES_MAX}
          value={values.notes}
          onChange={(e) => {
            const notes = e.currentTarget.value;
            setValues((s) => ({ ...s, notes }));
          }}
        />
        {failure ? (
          <Alert color="red" variant="light" c="red" styles={{ title: { color: 'inherit' } }} role="alert" title="Not submitted">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={sending.busy}>
            Submit scorecard
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
