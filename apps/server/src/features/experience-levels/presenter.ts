import type { ExperienceLevel } from '@hireloop/contract/experience-levels';

export const presentLevel = (r: { id: string; name: string; position: number }): ExperienceLevel => ({
  id: r.id,
  name: r.name,
  position: r.position,
});
