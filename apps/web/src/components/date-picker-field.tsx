import { useState, type ReactNode } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_PICKER_FORMAT, FIRST_DAY_OF_WEEK } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { expandTwoDigitYear, toIsoDay as localIsoDay } from '../lib/dates';
import classes from './date-picker-field.module.css';

/** Names for the calendar's header buttons (they are icons). */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** A calendar day as the API and Mantine exchange it. */
export type IsoDay = string;

export type DatePickerFieldProps = Omit<
  DateInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'valueFormat'
  | 'dateParser'
  | 'minDate'
  | 'maxDate'
  | 'excludeDate'
  | 'locale'
  | 'firstDayOfWeek'
  | 'withTime'
  | 'ariaLabels'
  | 'classNames'
> & {
  /** `YYYY-MM-DD`, or null/empty for no date. A longer ISO string is cut to its day. */
  value: IsoDay | null | undefined;
  /** Called with `YYYY-MM-DD` or null; never with a disabled or out-of-range day. */
  onChange: (value: IsoDay | null) => void;
  minDate?: IsoDay | Date;
  maxDate?: IsoDay | Date;
  /** Days the user may not pick (weekends, holidays, booked slots). */
  excludeDate?: (date: IsoDay) => boolean;
  error?: ReactNode;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
// What people type for the mm/dd/yy format: 1 or 2 digit month and day, 2 or 4 digit year.
const TYPED_DAY = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\s*$/;

function toIsoDay(value: IsoDay | Date | null | undefined): IsoDay | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : localIsoDay(value);
  const match = ISO_DAY.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function isoFromParts(year: number, month: number, day: number): IsoDay | null {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  // Rejects 02/30/24 instead of rolling it over to March.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Reads `MM/DD/YY`, `M/D/YYYY` or `YYYY-MM-DD`; two-digit years use the 20-year window (docs/product.md §6). */
export function parseTypedDate(text: string, today: Date = new Date()): IsoDay | null {
  const typed = TYPED_DAY.exec(text);
  if (typed) {
    const [, month, day, year] = typed;
    const fullYear = year && year.length === 2 ? expandTwoDigitYear(Number(year), today) : Number(year);
    return isoFromParts(fullYear, Number(month), Number(day));
  }
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  return iso ? isoFromParts(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** Whether a day may be chosen: within min/max (inclusive) and not excluded. */
export function isSelectableDay(
  day: IsoDay,
  limits: { minDate?: IsoDay | Date; maxDate?: IsoDay | Date; excludeDate?: (date: IsoDay) => boolean },
): boolean {
  // `YYYY-MM-DD` strings compare correctly as text.
  const min = toIsoDay(limits.minDate);
  const max = toIsoDay(limits.maxDate);
  if (min !== null && day < min) return false;
  if (max !== null && day > max) return false;
  return !limits.excludeDate?.(day);
}

/**
 * Date field in the app's format (mm/dd/yy, English, week from Sunday). A typed or picked day that
 * is disabled or outside min/max is refused with 'The selected date is invalid.' (docs/product.md §6).
 */
export function DatePickerField({ value, onChange, minDate, maxDate, excludeDate, error, ...props }: DatePickerFieldProps) {
  const [refused, setRefused] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const day = toIsoDay(value);
  // A new value from outside (form reset, restored draft) makes an earlier refusal stale.
  const [shownDay, setShownDay] = useState(day);
  if (shownDay !== day) {
    setShownDay(day);
    setRefused(false);
  }
  const limits = { minDate, maxDate, excludeDate };

  // Mantine calls the parser on each keystroke and ignores a null: this is where a typed day is vetted.
  const dateParser = (text: string): IsoDay | null => {
    const typed = parseTypedDate(text);
    if (typed === null) return null;
    if (!isSelectableDay(typed, limits)) {
      setRefused(true);
      return null;
    }
    return typed;
  };

  const handleChange = (next: string | null): void => {
    const chosen = toIsoDay(next);
    // Calendar days outside the limits are disabled; this guards any other path (presets, keyboard).
    if (chosen !== null && !isSelectableDay(chosen, limits)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange(chosen);
  };

  return (
    <DateInput
      {...props}
      value={day}
      onChange={handleChange}
      valueFormat={DATE_PICKER_FORMAT}
      dateParser={dateParser}
      locale="en"
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      ariaLabels={CALENDAR_LABELS}
      classNames={{ day: classes.day }}
      minDate={toIsoDay(minDate) ?? undefined}
      maxDate={toIsoDay(maxDate) ?? undefined}
      excludeDate={excludeDate}
      error={refused ? ERROR_TEXTS.invalidSelectedDate : error}
      popoverProps={{
        ...props.popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          props.popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          props.popoverProps?.onClose?.();
        },
      }}
      // While the calendar is open, Escape closes only the calendar: a surrounding modal skips
      // key events from an element marked like this (as Mantine's own Select does).
      data-mantine-stop-propagation={calendarOpen || undefined}
      // A clearable field's clear button needs a name (axe button-name).
      clearButtonProps={{
        'aria-label': typeof props.label === 'string' ? `Clear ${props.label.toLowerCase()}` : 'Clear the date',
        ...props.clearButtonProps,
      }}
    />
  );
}
