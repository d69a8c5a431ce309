import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/** An experience level (docs/product.md §12): id and name, in the organisation's order (`position`, 1-based). */
export const experienceLevel = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
});
export type ExperienceLevel = z.infer<typeof experienceLevel>;

/** GET organisation/{id}/experience-level → { levels: { data, meta } }, ordered by position; `filter[name]` searches. */
export const experienceLevelsResponse = z.object({ levels: paged(experienceLevel) });
export type ExperienceLevelsResponse = z.infer<typeof experienceLevelsResponse>;

export const experienceLevelResponse = z.object({ level: experienceLevel });
export type ExperienceLevelResponse = z.infer<typeof experienceLevelResponse>;

export const EXPERIENCE_LEVEL_NAME_MAX = 60;

/** POST (create, appended at the end) and PATCH (rename) take the same body. */
export const experienceLevelBody = z.object({
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(EXPERIENCE_LEVEL_NAME_MAX, `The name may not be longer than ${EXPERIENCE_LEVEL_NAME_MAX} characters.`),
});
export type ExperienceLevelBody = z.infer<typeof experienceLevelBody>;

export const EXPERIENCE_LEVEL_NAME_TAKEN = 'An experience level with this name already exists.';

/** Every new organisation starts with these, in this order. */
export const DEFAULT_EXPERIENCE_LEVELS = ['Junior', 'Mid-level', 'Senior', 'Lead'] as const;
