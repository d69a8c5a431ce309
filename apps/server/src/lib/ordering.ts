import type { ReorderBody } from '@hireloop/contract/ordering';
import { validationFailed } from '../http/errors.ts';

/**
 * Throws 422 with a message per out-of-range field unless both 1-based positions name an item
 * of a list of `total` (the caller holds the list's lock, so the answer stays true).
 */
export function assertReorderInRange(body: ReorderBody, total: number, plural: string) {
  if (total === 0) {
    const message = `There are no ${plural} to reorder.`;
    throw validationFailed({ original: [message], new: [message] });
  }
  const errors: Record<string, string[]> = {};
  const range = total === 1 ? 'The only position is 1.' : `Positions run from 1 to ${total}.`;
  if (body.original > total) errors.original = [`There is nothing at position ${body.original}. ${range}`];
  if (body.new > total) errors.new = [`Position ${body.new} is past the end of the list. ${range}`];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}
