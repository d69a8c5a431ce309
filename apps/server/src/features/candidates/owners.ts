import { moveCandidateApplications } from '../applications/service.ts';
import type { CandidateOwners } from './service.ts';

/**
 * The other features a candidate's merge reaches, each through its own service
 * (docs/architecture.md §6): handed to the candidates service by its routes, since these import
 * the candidates service themselves.
 */
export const candidateOwners: CandidateOwners = {
  moveApplications: moveCandidateApplications,
};
