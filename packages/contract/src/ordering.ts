import { z } from 'zod';

const position = (field: string) =>
  z
    .number({ error: `The ${field} position must be a whole number.` })
    .int(`The ${field} position must be a whole number.`)
    .min(1, `The ${field} position must be 1 or more.`);

/**
 * `PATCH organisation/{id}/{resource}/reorder` (docs/product.md §7): move the item at position
 * `original` to position `new`, both 1-based (the web's zero-based index + 1); the others shift.
 */
export const reorderBody = z.object({ original: position('original'), new: position('new') });
export type ReorderBody = z.infer<typeof reorderBody>;
