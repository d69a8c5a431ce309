import { describe, expect, it } from 'vitest';
import type { Activity } from '@hireloop/contract/candidates';
import { activitySentence } from './activity-text.ts';
import { activeMentionQuery, noteSegments, serialiseMentions } from './mentions.ts';
import { formatDuration, relativeTime } from './time.tsx';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

describe('mentions', () => {
  it('finds the @query being typed before the caret', () => {
    expect(activeMentionQuery('Hi @pri', 7)).toEqual({ start: 3, query: 'pri' });
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('mail me@example', 15)).toBeNull();
    expect(activeMentionQuery('Hi @pri there', 13)).toBeNull();
  });

  it('marks chosen people, longest name first, and leaves other @ text alone', () => {
    const body = serialiseMentions('@Ann Lee and @Ann, not @Bob', [
      { id: ID_A, name: 'Ann' },
      { id: ID_B, name: 'Ann Lee' },
    ]);
    expect(body).toBe(`@[Ann Lee](${ID_B}) and @[Ann](${ID_A}), not @Bob`);
  });

  it('splits a body into text and mentions', () => {
    expect(noteSegments(`Ask @[Priya Raman](${ID_A}) today`)).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', name: 'Priya Raman', id: ID_A },
      { kind: 'text', text: ' today' },
    ]);
  });
});

const activity = (type: Activity['type'], data: Record<string, unknown>): Activity => ({
  id: 'x',
  type,
  actor: { id: 'u', name: 'Priya Raman' },
  candidate: null,
  application_id: null,
  recruitment: { id: 'r', name: 'Backend Engineer' },
  data,
  created_at: '2026-01-01T00:00:00Z',
});

describe('activity sentences', () => {
  it('says who did what in words', () => {
    expect(activitySentence(activity('application.moved', { from: 'Applied', to: 'Screening' }))).toBe(
      'Priya Raman moved the candidate from Applied to Screening',
    );
    expect(activitySentence(activity('application.moved', { from: { id: '1', name: 'Applied' }, to: { id: '2', name: 'Offer' } }))).toBe(
      'Priya Raman moved the candidate from Applied to Offer',
    );
    expect(activitySentence(activity('application.rejected', { reason: 'Withdrew' }))).toBe(
      'Priya Raman rejected the candidate in Backend Engineer: Withdrew',
    );
    expect(activitySentence(activity('application.rated', { rating: 4 }))).toBe('Priya Raman rated the candidate 4 stars');
    expect(activitySentence(activity('application.tagged', { added: ['go'], removed: [] }))).toBe('Priya Raman tagged the candidate “go”');
    expect(activitySentence(activity('file.uploaded', { filename: 'cv.pdf' }))).toBe('Priya Raman uploaded cv.pdf');
  });

  it('reads a scorecard entry cut for a reader whose own feedback is still due (no recommendation) as a plain sentence', () => {
    expect(activitySentence(activity('scorecard.submitted', { interview_id: ID_A, title: 'Technical' }))).toBe(
      'Priya Raman submitted a scorecard (Technical)',
    );
    expect(activitySentence(activity('application.moved', { from: 'Offer', to: 'Hired' }))).toBe(
      'Priya Raman moved the candidate from Offer to Hired',
    );
  });
});

describe('times', () => {
  it('reads relative times and durations', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-01-10T11:59:50Z', now)).toBe('just now');
    expect(formatDuration(26 * 3600_000)).toBe('1 day 2 hours');
    expect(formatDuration(45 * 60_000)).toBe('45 minutes');
    expect(formatDuration(10 * 24 * 3600_000)).toBe('10 days');
  });
});
