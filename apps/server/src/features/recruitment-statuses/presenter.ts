import type { RecruitmentStatus, StatusCategory } from '@hireloop/contract/recruitment-statuses';

export const presentStatus = (r: { id: string; name: string; colour: string; category: string; position: number }): RecruitmentStatus => ({
  id: r.id,
  name: r.name,
  colour: r.colour,
  // The database's check constraint holds category to these three.
  category: r.category as StatusCategory,
  position: r.position,
});
