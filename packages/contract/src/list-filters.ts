import { z } from 'zod';
import { isDay } from './days.ts';

/*
 * More `filter[…]` shapes for list queries (next to filterText and filterChoice in pagination.ts):
 * ids, lists of ids and days, each trimmed, empty meaning no filter, anything malformed refused
 * with the list's own text under the filter's field.
 */

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` has the shape of an id (a UUID of any version; an id of nothing still answers nothing). */
export const isId = (value: string) => ID.test(value);

/** `a, b,,c` → `['a', 'b', 'c']`. */
export const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export { isDay };

/** A trimmed `filter[…]` (empty is no filter) up to `max` characters. */
const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim() || undefined);

/** A `filter[…]` naming one id (trimmed; empty is no filter); anything else is refused with `error`. */
export const filterId = (error: string, max = 200) =>
  trimmed(max)
    .refine((v) => v === undefined || isId(v), { error })
    .optional();

/** A `filter[…]` of comma-separated ids → the ids (none is no filter); one malformed is refused with `error`. */
export const filterIds = (error: string, max = 200) =>
  z
    .string()
    .max(max)
    .transform(commaList)
    .refine((ids) => ids.every(isId), { error })
    .transform((ids) => (ids.length === 0 ? undefined : ids))
    .optional();

/** A `filter[…]` day as `YYYY-MM-DD` (trimmed; empty is no filter); anything else is refused with `error`. */
export const filterDay = (error: string, max = 200) =>
  trimmed(max)
    .refine((v) => v === undefined || isDay(v), { error })
    .optional();
