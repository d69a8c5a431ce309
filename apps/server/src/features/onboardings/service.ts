import type { Db } from '../../db/client.ts';
import type { FileService } from '../files/service.ts';
import { createAcceptedOffersService } from './accepted-offers.ts';
import { createOnboardingsService } from './dashboard.ts';
import { createDocumentsService } from './documents.ts';
import { createHiresService } from './hires.ts';
import { createTasksService } from './tasks.ts';

/*
 * Onboarding: a role's onboarding and its hires, their checklists and documents, hires from
 * accepted offers, the due-task reminders, and the new hire's side of it (public-new-hire/routes.ts).
 * This is the feature's one entry point; the rules live in its modules, by sub-resource:
 * dashboard.ts (the Onboarding Dashboard, a role's onboarding), accepted-offers.ts, hires.ts
 * (with the board), tasks.ts (checklists, due-task reminders), documents.ts (and their files),
 * new-hire.ts (the hire's side); entering.ts (entering onboarding, the new-hire link), product.ts,
 * checks.ts and links.ts are shared by them.
 */

export { onboardingDashboard } from './dashboard.ts';
export type { HireFileType, HireFileUpload } from './documents.ts';
export { enterOnboardingOnOfferAccepted } from './entering.ts';
export { eraseCandidateOnboarding, type HireListOptions } from './hires.ts';
export { createPublicNewHireService, newHireLinkOrganisation } from './new-hire.ts';
export { organisationSubscribed } from './product.ts';
export { notifyDueOnboardingTasks, unassignTasksOf, type TaskUnassigned } from './tasks.ts';

/**
 * A role's onboarding, accepted offers to bring in, hires (table, board, moves, the new-hire link),
 * their checklists and documents. For an organisation subscribed to Onboarding (routes.ts).
 */
export function createOnboardingService(db: Db, deps: { appUrl: string; files: FileService }) {
  return {
    ...createOnboardingsService(db),
    ...createAcceptedOffersService(db),
    ...createHiresService(db, deps),
    ...createTasksService(db),
    ...createDocumentsService(db, deps.files),
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
