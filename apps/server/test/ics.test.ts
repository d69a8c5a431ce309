import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
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

/** Everything the invitation says, as an independent iCalendar parser reads it when, like many clients, it ends a line at any CR or LF. */
function readWithIcalJs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text.replace(/\r\n|\r|\n/g, '\r\n')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const props = [...calendar.getAllProperties(), ...event.getAllProperties()];
  return {
    names: props.map((p) => p.name),
    attendees: event.getAllProperties('attendee').map((p) => ({ address: String(p.getFirstValue()), cn: p.getParameter('cn') })),
    organizer: event.getFirstProperty('organizer')!,
    text: (name: string) => String(event.getFirstPropertyValue(name)),
  };
}

describe('iCalendar invitations with hostile text (defence in depth: whatever the database holds)', () => {
  const INJECTION = 'Ann\rATTENDEE:mailto:evil@x.test\rX-INJECTED:1';
  const hostile = {
    ...base,
    method: 'REQUEST' as const,
    title: `Technical: ${INJECTION}`,
    description: 'Line one\r\nLine two\rEND:VEVENT\nX-INJECTED:2 \\ back; semi, comma\u0000',
    location: 'Room 4\r\nX-INJECTED:3',
    organiser: { name: 'Dana "the boss"\r\nX-INJECTED:4', email: 'dana@example.test' },
    attendees: [
      { name: INJECTION, email: 'ann@example.test' },
      { name: 'Bob "Q" Smith;ROLE=CHAIR:x', email: 'bob@example.test' },
    ],
  };

  it('has exactly the intended attendees and no injected property', () => {
    const ics = renderIcs(hostile);
    const read = readWithIcalJs(ics);
    expect(read.attendees.map((a) => a.address)).toEqual(['mailto:ann@example.test', 'mailto:bob@example.test']);
    expect(read.names.filter((n) => n.startsWith('x-') && n !== 'x-published-ttl' && n !== 'x-microsoft-cdo-busystatus')).toEqual([]);
    expect(read.names.filter((n) => n === 'attendee')).toHaveLength(2);
    expect(read.names.filter((n) => n === 'organizer')).toHaveLength(1);
    // Every physical line is a property or a fold: no bare CR or LF anywhere but in CRLF.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps the text, made one line where it must be; CN values are quoted without quotes inside', () => {
    const read = readWithIcalJs(renderIcs(hostile));
    expect(read.attendees[0]!.cn).toBe('Ann ATTENDEE:mailto:evil@x.test X-INJECTED:1');
    expect(read.attendees[1]!.cn).toBe("Bob 'Q' Smith;ROLE=CHAIR:x");
    expect(read.organizer.getParameter('cn')).toBe("Dana 'the boss' X-INJECTED:4");
    expect(read.organizer.getFirstValue()).toMatch(/^mailto:dana@example\.test$/i);
    expect(read.text('summary')).toBe('Technical: Ann ATTENDEE:mailto:evil@x.test X-INJECTED:1');
    expect(read.text('location')).toBe('Room 4 X-INJECTED:3');
    expect(read.text('description')).toBe('Line one\nLine two\nEND:VEVENT\nX-INJECTED:2 \\ back; semi, comma');
  });

  it('ends an address at a line break', () => {
    const read = readWithIcalJs(
      renderIcs({ ...base, method: 'REQUEST', attendees: [{ name: 'Bob', email: 'bob@example.test\r\nX-INJECTED:5' }] }),
    );
    expect(read.attendees.map((a) => a.address)).toEqual(['mailto:bob@example.test']);
    expect(read.names).not.toContain('x-injected');
  });

  it('writes ordinary names and places unchanged', () => {
    const read = readWithIcalJs(renderIcs({ ...base, method: 'REQUEST' }));
    expect(read.attendees).toEqual([
      { address: 'mailto:elena@example.test', cn: 'Elena García' },
      { address: 'mailto:ada@example.test', cn: 'Ada Lovelace' },
    ]);
    expect(read.text('location')).toBe('Room 4, "Blue" floor; east wing');
    expect(read.text('summary')).toBe('Technical: Ada Lovelace — Northwind');
  });
});
