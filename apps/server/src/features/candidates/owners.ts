import { eraseCandidateTimeline } from '../activities/service.ts';
import { moveCandidateApplications } from '../applications/service.ts';
import { eraseCareerAnswers } from '../careers/service.ts';
import { eraseScorecardMentions } from '../interviews/service.ts';
import { eraseCandidateDevMail } from '../mail/service.ts';
import { eraseCandidateNotifications } from '../notifications/service.ts';
import { eraseOfferTexts } from '../offers/service.ts';
import { eraseCandidateOnboarding } from '../onboardings/service.ts';
import { eraseCandidateJobs } from '../outbox/service.ts';
import type { CandidateOwners } from './service.ts';

/**
 * The other features a candidate's merge and erasure reach, each through its own service
 * (docs/architecture.md §6): handed to the candidates service by its routes and by the retention
 * job, since several of these import the candidates service themselves. A feature that stores a
 * person's data adds its eraser here.
 */
export const candidateOwners: CandidateOwners = {
  moveApplications: moveCandidateApplications,
  erasers: [
    eraseCandidateNotifications,
    eraseCandidateJobs,
    eraseCandidateDevMail,
    eraseCareerAnswers,
    eraseOfferTexts,
    eraseScorecardMentions,
    eraseCandidateTimeline,
    eraseCandidateOnboarding,
  ],
};
