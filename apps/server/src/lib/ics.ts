import { createEvent, type Attendee } from 'ics';

export type IcsMethod = 'REQUEST' | 'CANCEL';

export type IcsInvite = {
  method: IcsMethod;
  /** Stays the same for the life of the interview: updates and cancellations replace the invitation. */
  uid: string;
  /** 0 when first sent; every update (and the cancellation) carries a higher one. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  description?: string | undefined;
  location?: string | null | undefined;
  url?: string | null | undefined;
  organiser: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
};

/** The calendar attachment of an invitation mail, as `enqueueMail` takes it. */
export type IcsAttachment = { filename: string; contentType: string; content: string };

/*
 * Every value is made safe here, whatever the database holds (input rules refuse control
 * characters, but rows written before them, or by other paths, may have some): a line break or
 * control character must never end a content line and start a property of its own.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** C0 (TAB and LF kept), DEL and C1. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROLS_BUT_TAB_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g;

/** TEXT (DESCRIPTION): line breaks (CRLF, bare CR or LF) become LF, which the writer escapes as `\n`, with `\`, `;` and `,`; other control characters go. */
export const icsText = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_TAB_LF, '').replace(LONE_SURROGATE, '\uFFFD');

/** One-line TEXT (SUMMARY, LOCATION): any run of control characters, line breaks included, is one space. */
export const icsLine = (s: string) => s.replace(CONTROLS, ' ').replace(LONE_SURROGATE, '\uFFFD').trim();

/** A parameter value (CN=): one line and no `"` (a quoted parameter cannot hold one, RFC 5545 §3.2); the writer quotes it. */
export const icsParam = (s: string) => icsLine(s).replaceAll('"', "'");

/** A URI or address (mailto:, URL, UID): it ends at the first white space, control character or quote. */
export const icsUri = (s: string) =>
  s
    .trim()
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    .split(/[\s\u0000-\u001F\u007F-\u009F"]/, 1)[0]!
    .replace(LONE_SURROGATE, '');

/**
 * An iCalendar (RFC 5545 / iTIP RFC 5546) invitation: METHOD:REQUEST for a new or changed event,
 * METHOD:CANCEL with STATUS:CANCELLED to withdraw it. Times are written in UTC. Text values are
 * cleaned above, then escaped (`\`, `;`, `,`, newlines), quoted (parameters) and folded by the writer.
 */
export function renderIcs(invite: IcsInvite): string {
  const attendees: Attendee[] = invite.attendees.map((a) => ({
    name: icsParam(a.name),
    email: icsUri(a.email),
    rsvp: invite.method === 'REQUEST',
    partstat: 'NEEDS-ACTION',
    role: 'REQ-PARTICIPANT',
  }));
  const location = icsLine(invite.location ?? invite.url ?? '') || undefined;
  const url = invite.url ? icsUri(invite.url) : undefined;
  const description = invite.description ? icsText(invite.description) : undefined;
  const { error, value } = createEvent({
    productId: '-//Hireloop//Interviews//EN',
    method: invite.method,
    uid: icsUri(invite.uid),
    sequence: invite.sequence,
    start: invite.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: invite.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: icsLine(invite.title),
    ...(description ? { description } : {}),
    ...(location ? { location } : {}),
    ...(url ? { url } : {}),
    status: invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: icsParam(invite.organiser.name), email: icsUri(invite.organiser.email) },
    attendees,
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

/** The `.ics` attachment of an invitation or cancellation mail. */
export function icsAttachment(invite: IcsInvite): IcsAttachment {
  return {
    filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; method=${invite.method}; charset=UTF-8`,
    content: Buffer.from(renderIcs(invite), 'utf8').toString('base64'),
  };
}
