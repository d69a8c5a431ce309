import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import {
  daysInMonth,
  expandTwoDigitYear,
  formatDate,
  formatDateTime,
  formatDay,
  formatTime,
  isWithinRange,
  lastDayOfMonth,
  parseIsoDate,
  toIsoDay,
} from './dates';

// Intl may separate "PM" with a narrow no-break space depending on the ICU version.
const normalise = (text: string): string => text.replace(/\s/g, ' ');

describe('parseIsoDate', () => {
  it.each([
    ['2024-05', new Date(2024, 4, 1)],
    ['2024-05-17', new Date(2024, 4, 17)],
    ['2024-02-29', new Date(2024, 1, 29)],
    ['2024-12-31', new Date(2024, 11, 31)],
    ['2024-05-17T13:45', new Date(2024, 4, 17, 13, 45)],
    ['2024-05-17T13:45:30', new Date(2024, 4, 17, 13, 45, 30)],
    ['2024-05-17T13:45:30.987', new Date(2024, 4, 17, 13, 45, 30)],
    ['2024-05-17T00:00:00.1', new Date(2024, 4, 17)],
    ['2024-05-17T23:59:59', new Date(2024, 4, 17, 23, 59, 59)],
  ])('reads local %s', (input, expected) => {
    expect(parseIsoDate(input).getTime()).toBe(expected.getTime());
  });

  it.each([
    ['2024-05-17T13:45Z', '2024-05-17T13:45:00.000Z'],
    ['2024-05-17T13:45:30.999Z', '2024-05-17T13:45:30.000Z'],
    ['2024-05-17T13:45:30+02:00', '2024-05-17T11:45:30.000Z'],
    ['2024-05-17T01:15:00-05:30', '2024-05-17T06:45:00.000Z'],
    ['2024-01-01T00:30:00+01:00', '2023-12-31T23:30:00.000Z'],
    ['2024-05-17T13:45:30+00:00', '2024-05-17T13:45:30.000Z'],
  ])('reads zoned %s', (input, expected) => {
    expect(parseIsoDate(input).toISOString()).toBe(expected);
  });

  it('reads a date without time as local midnight', () => {
    const date = parseIsoDate('2030-07-04');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2030, 6, 4, 0, 0]);
  });

  it('always zeroes milliseconds', () => {
    expect(parseIsoDate('2024-05-17T13:45:30.5').getMilliseconds()).toBe(0);
    expect(parseIsoDate('2024-05-17T13:45:30.123456Z').getMilliseconds()).toBe(0);
  });

  it('keeps years below 100 literal', () => {
    expect(parseIsoDate('0099-03-01').getFullYear()).toBe(99);
  });

  it.each([
    '',
    '2024',
    '2024-5-17',
    '24-05-17',
    '2024/05/17',
    '05/17/2024',
    '2024-00-10',
    '2024-13-10',
    '2024-05-00',
    '2024-05-32',
    '2023-02-29',
    '2024-04-31',
    '2024-05-17T24:00',
    '2024-05-17T12:60',
    '2024-05-17T12:30:60',
    '2024-05-17T1:30',
    '2024-05-17 13:45',
    '2024-05-17T13',
    '2024-05-17Z',
    '2024-05-17T13:45+0200',
    '2024-05-17T13:45+24:00',
    '2024-05-17T13:45+02:60',
    '2024-05-17T13:45:30.',
    ' 2024-05-17',
    '2024-05-17T13:45z',
    'May 17, 2024',
    'not a date',
  ])('rejects %j', (input) => {
    expect(() => parseIsoDate(input)).toThrow(ERROR_TEXTS.invalidIsoDate);
  });
});

describe('lastDayOfMonth and daysInMonth', () => {
  it.each([
    [2024, 0, 31],
    [2024, 1, 29],
    [2023, 1, 28],
    [1900, 1, 28],
    [2000, 1, 29],
    [2024, 3, 30],
    [2024, 11, 31],
  ])('%i month %i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
    const last = lastDayOfMonth(year, month);
    expect([last.getFullYear(), last.getMonth(), last.getDate(), last.getHours()]).toEqual([year, month, days, 0]);
  });
});

describe('expandTwoDigitYear', () => {
  const in2025 = new Date(2025, 5, 1);
  it.each([
    [0, 2000],
    [25, 2025],
    [45, 2045],
    [46, 1946],
    [99, 1999],
  ])('in 2025, %i is %i', (yy, expected) => {
    expect(expandTwoDigitYear(yy, in2025)).toBe(expected);
  });

  it('slides the window with today', () => {
    expect(expandTwoDigitYear(5, new Date(2090, 0, 1))).toBe(2105);
    expect(expandTwoDigitYear(11, new Date(2090, 0, 1))).toBe(2011);
    expect(expandTwoDigitYear(19, new Date(1999, 0, 1))).toBe(2019);
    expect(expandTwoDigitYear(20, new Date(1999, 0, 1))).toBe(1920);
    expect(expandTwoDigitYear(20, new Date(2000, 0, 1))).toBe(2020);
    expect(expandTwoDigitYear(21, new Date(2000, 0, 1))).toBe(1921);
  });

  it('defaults to the current date', () => {
    const latest = new Date().getFullYear() + 20;
    expect(expandTwoDigitYear(latest % 100)).toBe(latest);
  });

  it.each([-1, 100, 1.5, Number.NaN])('rejects %s', (yy) => {
    expect(() => expandTwoDigitYear(yy)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  const afternoon = new Date(2024, 0, 15, 15, 4);
  it.each([
    [formatDate, afternoon, '1/15/24'],
    [formatTime, afternoon, '3:04 PM'],
    [formatDateTime, afternoon, '1/15/24, 3:04 PM'],
    [formatTime, new Date(2024, 0, 15, 0, 5), '12:05 AM'],
  ])('%o formats %o as %s', (format, date, expected) => {
    expect(normalise(format(date))).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(formatDate('2024-12-03')).toBe('12/3/24');
    expect(normalise(formatDateTime('2024-12-03T09:30'))).toBe('12/3/24, 9:30 AM');
    expect(() => formatDate('12/03/2024')).toThrow(ERROR_TEXTS.invalidIsoDate);
  });

  it('writes an instant in the zone a view asks for', () => {
    const instant = '2026-11-25T20:05:00Z';
    expect(normalise(formatDateTime(instant, { timeZone: 'UTC' }))).toBe('11/25/26, 8:05 PM');
    expect(normalise(formatDateTime(instant, { timeZone: 'Asia/Tokyo' }))).toBe('11/26/26, 5:05 AM');
    expect(formatDate(instant, { timeZone: 'America/Los_Angeles' })).toBe('11/25/26');
    expect(normalise(formatTime(instant, { timeZone: 'Europe/Paris' }))).toBe('9:05 PM');
  });
});

describe('isWithinRange', () => {
  const day = (d: number): Date => new Date(2024, 0, d);
  it.each([
    [day(10), undefined, undefined, true],
    [day(10), day(1), undefined, true],
    [day(10), day(10), day(10), true],
    [day(10), day(11), undefined, false],
    [day(10), undefined, day(9), false],
    [day(10), null, day(20), true],
    [day(21), null, day(20), false],
    [new Date(Number.NaN), undefined, undefined, false],
  ])('%o in [%o, %o] is %s', (date, min, max, expected) => {
    expect(isWithinRange(date, min, max)).toBe(expected);
  });
});

describe('calendar days', () => {
  it('writes a day in the short date style, without time-zone shifts', () => {
    expect(formatDay('2030-03-01')).toBe('3/1/30');
    expect(formatDay('2026-11-28')).toBe('11/28/26');
    expect(formatDay('2026-11-28T23:30:00Z')).toBe('11/28/26');
    expect(formatDay(null)).toBe('—');
    expect(formatDay(undefined)).toBe('—');
  });
});

describe('toIsoDay', () => {
  it('writes the local calendar day, four-digit year and zero-padded', () => {
    expect(toIsoDay(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
    expect(toIsoDay(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    const early = new Date(2000, 0, 1);
    early.setFullYear(99, 2, 1);
    expect(toIsoDay(early)).toBe('0099-03-01');
  });
});
