import { MENTION_PATTERN } from '@hireloop/contract/candidates';

export type Mention = { id: string; name: string };
export type NoteSegment = { kind: 'text'; text: string } | { kind: 'mention'; id: string; name: string };

/** A note body split into plain text and `@[Name](id)` mentions, for display. */
export function noteSegments(body: string): NoteSegment[] {
  const segments: NoteSegment[] = [];
  const pattern = new RegExp(MENTION_PATTERN.source, 'g');
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const index = match.index;
    if (index > last) segments.push({ kind: 'text', text: body.slice(last, index) });
    segments.push({ kind: 'mention', name: match[1] ?? '', id: match[2] ?? '' });
    last = index + match[0].length;
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) });
  return segments;
}

/**
 * The composer shows `@Name`; the body sent marks each chosen person as `@[Name](id)`.
 * Longer names first, so "@Ann Lee" is not taken for "@Ann"; a mention edited away is not sent.
 */
export function serialiseMentions(text: string, mentions: readonly Mention[]): string {
  const unique = [...new Map(mentions.map((m) => [m.name, m])).values()].sort((a, b) => b.name.length - a.name.length);
  if (unique.length === 0) return text;
  const escaped = unique.map((m) => m.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`@(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(pattern, (whole, name: string) => {
    const mention = unique.find((m) => m.name === name);
    return mention ? `@[${mention.name}](${mention.id})` : whole;
  });
}

/** The `@query` being typed just before the caret, or null when the caret is not in one. */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@[\]()]{0,40})$/u.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}
