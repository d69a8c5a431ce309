import type { OnboardingStage, OnboardingStageCategory } from '@hireloop/contract/onboarding';

export const presentStage = (r: { id: string; name: string; colour: string; category: string; position: number }): OnboardingStage => ({
  id: r.id,
  name: r.name,
  colour: r.colour,
  // The database's check constraint holds category to in_progress and done.
  category: r.category as OnboardingStageCategory,
  position: r.position,
});
