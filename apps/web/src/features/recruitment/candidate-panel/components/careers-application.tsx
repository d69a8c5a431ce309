import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CareerApplicationSent } from '@hireloop/contract/candidates';

// What the person typed keeps its line breaks and wraps anywhere (a long link at 390 px).
const written = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * What the person sent on the careers site with this application: the cover note and the answers
 * to the role's own questions, as the questions read when they applied. Shown to whoever may see
 * the application (it comes with it).
 */
export function CareersApplication({ sent }: { sent: CareerApplicationSent }) {
  const note = sent.cover_note?.trim() ? sent.cover_note : null;
  if (note === null && sent.answers.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="careers-application-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="careers-application-title">
          Sent with the application
        </Title>
        {note !== null ? (
          <div>
            <Text size="sm" fw={600}>
              Cover note
            </Text>
            <Text size="sm" style={written} data-testid="cover-note">
              {note}
            </Text>
          </div>
        ) : null}
        {sent.answers.length > 0 ? (
          <Stack gap="xs" component="dl" m={0}>
            {sent.answers.map((a) => (
              <div key={a.question_id}>
                <Text component="dt" size="sm" fw={600} style={written}>
                  {a.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={written}>
                  {a.answer.trim() === '' ? (
                    <Text span c="dimmed" size="sm">
                      Not answered
                    </Text>
                  ) : (
                    a.answer
                  )}
                </Text>
              </div>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
