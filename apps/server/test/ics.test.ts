import { describe, expect, it } from 'vitest';
import { icsAttachment, renderIcs } from '../src/lib/ics.ts';
import { icsUtc, parseIcs } from './ics-fixtures.ts';

const base = {
  uid: 'abc-123@hireloop',
  sequence: 0,
  startsAt: new Date('2030-03-04T09:30:00+01:00'),
  endsAt: new Date('2030-03-04T10:15:00+01:00'),
  title: 'Technical: Ada Lovelace — Northwind',
  location: 'Room 4, "Blue" floor; east wing',
  url: 'https://meet.example.test/abc',
  organiser: { name: 'Dana Whitfield', email: 'dana@example.test' },
  attendees: [
    { name: 'Elena García', email: 'elena@example.test' },
    { name: 'Ada Lovelace', email: 'ada@example.test' },
  ],
};

describe('iCalendar invitations', () => {
  it('writes a REQUEST with organiser, attendees and UTC times', () => {
    const ics = parseIcs(renderIcs({ ...base, method: 'REQUEST' }));
    expect(ics.method).toBe('REQUEST');
    expect(ics.props.UID).toBe('abc-123@hireloop');
    expect(ics.props.SEQUENCE).toBe('0');
    expect(ics.props.DTSTART).toBe(icsUtc('2030-03-04T08:30:00Z'));
    expect(ics.props.DTEND).toBe('20300304T091500Z');
    expect(ics.props.STATUS).toBe('CONFIRMED');
    expect(ics.organizer).toBe('dana@example.test');
    expect(ics.attendees).toEqual(['ada@example.test', 'elena@example.test']);
  });

  it('writes a CANCEL with the same UID and a higher SEQUENCE', () => {
    const ics = parseIcs(renderIcs({ ...base, method: 'CANCEL', sequence: 3 }));
    expect(ics.method).toBe('CANCEL');
    expect(ics.props.UID).toBe('abc-123@hireloop');
    expect(ics.props.SEQUENCE).toBe('3');
    expect(ics.props.STATUS).toBe('CANCELLED');
  });

  it('attaches as text/calendar with the method', () => {
    const a = icsAttachment({ ...base, method: 'REQUEST' });
    expect(a.contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
    expect(a.filename).toBe('invite.ics');
    expect(Buffer.from(a.content, 'base64').toString('utf8')).toContain('BEGIN:VCALENDAR');
    expect(icsAttachment({ ...base, method: 'CANCEL' }).contentType).toBe('text/calendar; method=CANCEL; charset=UTF-8');
  });
});
