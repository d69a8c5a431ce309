import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema/outbox.ts';
import type { TestApp } from './harness.ts';

export type ParsedIcs = { method: string; props: Record<string, string>; attendees: string[]; organizer: string };

/** A tiny iCalendar reader for the tests: unfolds lines, reads the VEVENT's properties and ATTENDEE addresses. */
export function parseIcs(text: string): ParsedIcs {
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const props: Record<string, string> = {};
  const attendees: string[] = [];
  let method = '';
  let organizer = '';
  let inEvent = false;
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const name = head.split(';')[0]!.toUpperCase();
    if (line === 'BEGIN:VEVENT') inEvent = true;
    else if (line === 'END:VEVENT') inEvent = false;
    else if (name === 'METHOD' && !inEvent) method = value;
    else if (inEvent && name === 'ATTENDEE') attendees.push(value.replace(/^mailto:/i, '').toLowerCase());
    else if (inEvent && name === 'ORGANIZER') organizer = value.replace(/^mailto:/i, '').toLowerCase();
    else if (inEvent) props[name] = value;
  }
  return { method, props, attendees: attendees.sort(), organizer };
}

export type SentMail = { to: string; subject: string; text: string; ics: ParsedIcs | null; contentType: string | null };

/** Mails queued in the outbox (newest last) that carry a calendar attachment. */
export async function calendarMails(t: TestApp): Promise<SentMail[]> {
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail')).orderBy(outbox.createdAt);
  const out: SentMail[] = [];
  for (const r of rows) {
    const p = r.payload as {
      to: string;
      subject: string;
      text: string;
      attachments?: Array<{ filename: string; contentType: string; content: string }>;
    };
    const a = p.attachments?.find((x) => x.contentType.startsWith('text/calendar'));
    if (!a) continue;
    out.push({
      to: p.to,
      subject: p.subject,
      text: p.text,
      ics: parseIcs(Buffer.from(a.content, 'base64').toString('utf8')),
      contentType: a.contentType,
    });
  }
  return out;
}

/** `20261201T093000Z` for a Date. */
export const icsUtc = (d: Date | string) =>
  new Date(d)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
