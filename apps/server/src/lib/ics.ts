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

/**
 * An iCalendar (RFC 5545 / iTIP RFC 5546) invitation: METHOD:REQUEST for a new or changed event,
 * METHOD:CANCEL with STATUS:CANCELLED to withdraw it. Times are written in UTC.
 */
export function renderIcs(invite: IcsInvite): string {
  const attendees: Attendee[] = invite.attendees.map((a) => ({
    name: a.name,
    email: a.email,
    rsvp: invite.method === 'REQUEST',
    partstat: 'NEEDS-ACTION',
    role: 'REQ-PARTICIPANT',
  }));
  const location = invite.location ?? invite.url ?? undefined;
  const { error, value } = createEvent({
    productId: '-//Hireloop//Interviews//EN',
    method: invite.method,
    uid: invite.uid,
    sequence: invite.sequence,
    start: invite.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: invite.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: invite.title,
    ...(invite.description ? { description: invite.description } : {}),
    ...(location ? { location } : {}),
    ...(invite.url ? { url: invite.url } : {}),
    status: invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: invite.organiser.name, email: invite.organiser.email },
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
