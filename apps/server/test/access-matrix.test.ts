import { MEMBER_ROLES, type MemberRole } from '@hireloop/contract/constants';
import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { can } from '@hireloop/contract/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/api-keys.ts';
import { invitations } from '../src/db/schema/invitations.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { memberships, organisations } from '../src/db/schema/organisations.ts';
import { experienceLevels, recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { teams } from '../src/db/schema/teams.ts';
import { ORGANISATION_PREFIX } from '../src/http/organisation-scope.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { FILE_DOWNLOAD, scopedGetPath, unfilledParams } from './figure-routes.ts';
import {
  Client,
  addMember,
  createOrganisation,
  createUser,
  signIn,
  startTestApp,
  type Client as ClientType,
  type TestApp,
} from './harness.ts';

/**
 * The cross-organisation access matrix. Every organisation-scoped route must have a row here:
 * the first test fails when a route is registered without one. For each row, a member of
 * another organisation gets 404 (never the data), and a signed-out caller gets 401.
 */
/** `path` replaces the route's path when it has parameters (e.g. `/billing/products/website`). */
/**
 * `allowedStatus`: what an allowed caller gets when success is not the point of the row (a delete
 * with a wrong confirmation must not delete the organisation under test); default: any status < 400.
 */
/** `allowedStatusByRole`: per member role, when a role that has the permission still gets another status (an interviewer reading an interview they are not on: 404). */
type Case = {
  body?: unknown;
  query?: string;
  path?: string;
  allowedStatus?: number;
  allowedStatusByRole?: Partial<Record<MemberRole, number>>;
};
/** Objects of organisation A for the rows above; every call of a delete row needs its own (12 calls at most, 11 made). */
const fixtures = {
  serial: 0,
  levelId: '',
  statusId: '',
  spareLevels: [] as string[],
  spareStatuses: [] as string[],
  spareKeys: [] as string[],
  roleId: '',
  spareRoles: [] as string[],
  teamId: '',
  spareTeams: [] as string[],
  // Hiring core (docs/product.md §13): each feature adds its own fields below this line and seeds them in its own beforeAll.
  matrixRecruitmentId: '',
  spareRecruitments: [] as string[],
  // Applications (docs/product.md §13): a recruitment with a card for the rows; spares for reject, restore and transfer (one per call).
  appRecruitmentId: '',
  appTransferTargetId: '',
  applicationId: '',
  spareRejectable: [] as string[],
  spareRejected: [] as string[],
  spareTransferable: [] as string[],
  // Candidates (docs/product.md §13): a person with a file for the rows; spares for erase, merge sources and file deletes (one per call).
  candidateId: '',
  candidateFileId: '',
  importRecruitmentId: '',
  importId: '',
  spareCandidates: [] as string[],
  spareMergeSources: [] as string[],
  spareCandidateFiles: [] as string[],
  // Interviews and scorecards (docs/product.md §14): a type and an interview for the rows; spares for delete, cancel and complete (one per call).
  interviewTypeId: '',
  spareInterviewTypes: [] as string[],
  interviewApplicationId: '',
  interviewRecruitmentId: '',
  interviewId: '',
  interviewerUserId: '',
  /** Started, with nobody on the panel: every caller is refused a scorecard (403). */
  panellessInterviewId: '',
  spareScheduledInterviews: [] as string[],
  spareStartedInterviews: [] as string[],
  // Offers (docs/product.md §15): a recruitment with one application and a draft offer for the rows; an offer waiting for
  // someone else's approval; spares to submit, send and withdraw (one per call).
  offerRecruitmentId: '',
  offerApplicationId: '',
  offerId: '',
  /** An accepted offer of A whose person is not in onboarding (brought in by the first allowed call, skipped after). */
  acceptedOfferId: '',
  offerPendingId: '',
  spareDraftOffers: [] as string[],
  spareApprovedOffers: [] as string[],
  spareWithdrawableOffers: [] as string[],
  // Onboarding (docs/product.md §17): a stage, a template, a hire with a task and an uploaded document; spares for the delete rows.
  onboardingStageId: '',
  spareOnboardingStages: [] as string[],
  onboardingTemplateId: '',
  spareOnboardingTemplates: [] as string[],
  onboardingId: '',
  hireId: '',
  hireTaskId: '',
  hireDocumentId: '',
  spareHires: [] as string[],
  spareHireTasks: [] as string[],
  spareHireDocuments: [] as string[],
  spareHireCandidates: [] as string[],
};
/** Members and invitations of organisation A for the member rows (seeded below). */
const people = { serial: 0, memberId: '', invitationId: '', spareMembers: [] as string[], spareInvitations: [] as string[] };
const CASES: Record<string, Case> = {
  'GET /users': { query: '?filter[name]=a' },
  'GET /billing': {},
  'POST /billing/plan': { body: { plan: 'business', interval: 'yearly' } },
  'POST /billing/products': { body: { product: 'onboarding' } },
  'DELETE /billing/products/:product': { path: '/billing/products/website' },
  'GET /role': { query: '?filter[name]=a' },
  'POST /role': { body: { name: 'Staff Engineer' } },
  'GET /role/:role': {
    get path() {
      return `/role/${fixtures.roleId}`;
    },
  },
  'PATCH /role/:role': {
    body: { location: 'Lisbon' },
    get path() {
      return `/role/${fixtures.roleId}`;
    },
  },
  'DELETE /role/:role': {
    get path() {
      return `/role/${fixtures.spareRoles.pop()}`;
    },
  },
  // organisation/{id} itself (Organisation Settings): the empty path.
  'GET ': {},
  'PATCH ': { body: { timezone: 'Europe/London' } },
  'DELETE ': { body: { confirm_name: 'Not the organisation name' }, allowedStatus: 422 },
  'GET /logo': { allowedStatus: 404 }, // the organisation has no logo: "This organisation has no logo."
  'POST /logo': { allowedStatus: 422 }, // no image sent: "Choose an image to upload."
  'DELETE /logo': {},
  'GET /audit-log': { query: '?filter[action]=organisation.updated&filter[from]=2020-01-01' },
  // Settings → experience levels, recruitment status, recruitment defaults, API keys. Rows that need an object
  // read it from `fixtures` (seeded below); a create takes a fresh name and a delete a fresh object on every call.
  'GET /experience-level': { query: '?filter[name]=a' },
  'POST /experience-level': {
    get body() {
      return { name: `Level ${++fixtures.serial}` };
    },
  },
  'PATCH /experience-level/reorder': { body: { original: 1, new: 2 } },
  'PATCH /experience-level/:levelId': {
    body: { name: 'Staff' },
    get path() {
      return `/experience-level/${fixtures.levelId}`;
    },
  },
  'DELETE /experience-level/:levelId': {
    get path() {
      return `/experience-level/${fixtures.spareLevels.pop()}`;
    },
  },
  'GET /recruitment-status': { query: '?filter[name]=a' },
  'POST /recruitment-status': {
    get body() {
      return { name: `Stage ${++fixtures.serial}`, colour: '#12b886', category: 'in_progress' };
    },
  },
  'PATCH /recruitment-status/reorder': { body: { original: 1, new: 2 } },
  'PATCH /recruitment-status/:statusId': {
    body: { colour: '#fab005' },
    get path() {
      return `/recruitment-status/${fixtures.statusId}`;
    },
  },
  'DELETE /recruitment-status/:statusId': {
    get path() {
      return `/recruitment-status/${fixtures.spareStatuses.pop()}`;
    },
  },
  'GET /recruitment-settings': {},
  'PATCH /recruitment-settings': { body: { default_interview_minutes: 60 } },
  'GET /api-keys': {},
  'POST /api-keys': { body: { name: 'Matrix key', scopes: ['candidates:read'] } },
  'DELETE /api-keys/:keyId': {
    get path() {
      return `/api-keys/${fixtures.spareKeys.pop()}`;
    },
  },
  // Settings → organisation users: members and invitations. An invite takes a fresh address on every call.
  'PATCH /users/:user': {
    body: { role: 'hiring_manager' },
    get path() {
      return `/users/${people.memberId}`;
    },
  },
  'DELETE /users/:user': {
    get path() {
      return `/users/${people.spareMembers.pop()}`;
    },
  },
  'GET /invitations': {},
  'POST /invitations': {
    get body() {
      return { email: `matrix-${++people.serial}@example.test`, role: 'interviewer' };
    },
  },
  'POST /invitations/:invitation/resend': {
    get path() {
      return `/invitations/${people.invitationId}/resend`;
    },
  },
  'DELETE /invitations/:invitation': {
    get path() {
      return `/invitations/${people.spareInvitations.pop()}`;
    },
  },
  // Teams and clients (docs/product.md §12): a create takes a fresh name, a delete a fresh team.
  'GET /teams': { query: '?filter[name]=a&filter[kind]=team&sort=-name' },
  'POST /teams': {
    get body() {
      return { name: `Team ${++fixtures.serial}`, kind: 'client' };
    },
  },
  'GET /teams/:teamId': {
    get path() {
      return `/teams/${fixtures.teamId}`;
    },
  },
  'PATCH /teams/:teamId': {
    body: { description: 'Builds the product.' },
    get path() {
      return `/teams/${fixtures.teamId}`;
    },
  },
  'DELETE /teams/:teamId': {
    get path() {
      return `/teams/${fixtures.spareTeams.pop()}`;
    },
  },
  'PUT /teams/:teamId/members': {
    get body() {
      return { user_ids: [people.memberId] };
    },
    get path() {
      return `/teams/${fixtures.teamId}/members`;
    },
  },
  'GET /teams/:teamId/logo': {
    allowedStatus: 404, // the team has no logo: "This team or client has no logo."
    get path() {
      return `/teams/${fixtures.teamId}/logo`;
    },
  },
  'POST /teams/:teamId/logo': {
    allowedStatus: 422, // no image sent: "Choose an image to upload."
    get path() {
      return `/teams/${fixtures.teamId}/logo`;
    },
  },
  'DELETE /teams/:teamId/logo': {
    get path() {
      return `/teams/${fixtures.teamId}/logo`;
    },
  },
  // Recruitments, analytics and the dashboard (docs/product.md §13): rows below this line.
  'GET /recruitments': { query: '?filter[status]=active&filter[name]=a&sort=-candidates' },
  'POST /recruitments': {
    get body() {
      return { role_id: fixtures.roleId, name: `Recruitment ${++fixtures.serial}` };
    },
  },
  'GET /recruitments/:recruitment': {
    get path() {
      return `/recruitments/${fixtures.matrixRecruitmentId}`;
    },
  },
  'PATCH /recruitments/:recruitment': {
    body: { openings: 2 },
    get path() {
      return `/recruitments/${fixtures.matrixRecruitmentId}`;
    },
  },
  'DELETE /recruitments/:recruitment': {
    get path() {
      return `/recruitments/${fixtures.spareRecruitments.pop()}`;
    },
  },
  'GET /recruitments/:recruitment/analytics': {
    get path() {
      return `/recruitments/${fixtures.matrixRecruitmentId}/analytics`;
    },
  },
  'GET /dashboard': {},
  // Applications: table, board, moves, bulk, export (docs/product.md §13): rows below this line.
  'GET /recruitments/:recruitment/applications': {
    query: '?filter[state]=all&filter[search]=matrix&sort=name',
    get path() {
      return `/recruitments/${fixtures.appRecruitmentId}/applications`;
    },
  },
  'POST /recruitments/:recruitment/applications': {
    get body() {
      return {
        candidate: { name: 'Matrix Person', email: `matrix-person-${++fixtures.serial}@example.test` },
        status_id: fixtures.statusId,
      };
    },
    get path() {
      return `/recruitments/${fixtures.appRecruitmentId}/applications`;
    },
  },
  'GET /recruitments/:recruitment/board': {
    get path() {
      return `/recruitments/${fixtures.appRecruitmentId}/board`;
    },
  },
  'POST /recruitments/:recruitment/applications/bulk': {
    get body() {
      return { action: 'tag', ids: [fixtures.applicationId], tags: ['matrix'] };
    },
    get path() {
      return `/recruitments/${fixtures.appRecruitmentId}/applications/bulk`;
    },
  },
  'GET /recruitments/:recruitment/applications/export': {
    query: '?sort=name',
    get path() {
      return `/recruitments/${fixtures.appRecruitmentId}/applications/export`;
    },
  },
  'GET /applications/:application': {
    get path() {
      return `/applications/${fixtures.applicationId}`;
    },
  },
  'PATCH /applications/:application': {
    body: { rating: 3, tags: ['matrix'] },
    get path() {
      return `/applications/${fixtures.applicationId}`;
    },
  },
  'POST /applications/:application/move': {
    get body() {
      return { status_id: fixtures.statusId };
    },
    get path() {
      return `/applications/${fixtures.applicationId}/move`;
    },
  },
  'POST /applications/:application/reject': {
    body: { reason: 'Not qualified' },
    get path() {
      return `/applications/${fixtures.spareRejectable.pop()}/reject`;
    },
  },
  'POST /applications/:application/restore': {
    get path() {
      return `/applications/${fixtures.spareRejected.pop()}/restore`;
    },
  },
  'POST /applications/:application/transfer': {
    get body() {
      return { recruitment_id: fixtures.appTransferTargetId };
    },
    get path() {
      return `/applications/${fixtures.spareTransferable.pop()}/transfer`;
    },
  },
  // Candidates: people, notes, files, activity, GDPR, imports (docs/product.md §13): rows below this line.
  'GET /candidates': { query: '?filter[search]=matrix' },
  'GET /candidates/:candidate': {
    get path() {
      return `/candidates/${fixtures.candidateId}`;
    },
  },
  'PATCH /candidates/:candidate': {
    body: { location: 'Lisbon' },
    get path() {
      return `/candidates/${fixtures.candidateId}`;
    },
  },
  'DELETE /candidates/:candidate': {
    get path() {
      return `/candidates/${fixtures.spareCandidates.pop()}`;
    },
  },
  'POST /candidates/:candidate/merge': {
    get body() {
      return { source_id: fixtures.spareMergeSources.pop() };
    },
    get path() {
      return `/candidates/${fixtures.candidateId}/merge`;
    },
  },
  'GET /candidates/:candidate/export': {
    get path() {
      return `/candidates/${fixtures.candidateId}/export`;
    },
  },
  'GET /candidates/:candidate/notes': {
    get path() {
      return `/candidates/${fixtures.candidateId}/notes`;
    },
  },
  'POST /candidates/:candidate/notes': {
    body: { body: 'Matrix note' },
    get path() {
      return `/candidates/${fixtures.candidateId}/notes`;
    },
  },
  // Only the author or an admin deletes a note (tested in candidates.test.ts); here an unknown note: "No such note."
  'DELETE /candidates/:candidate/notes/:note': {
    allowedStatus: 404,
    get path() {
      return `/candidates/${fixtures.candidateId}/notes/00000000-0000-4000-8000-000000000000`;
    },
  },
  'GET /candidates/:candidate/activities': {
    get path() {
      return `/candidates/${fixtures.candidateId}/activities`;
    },
  },
  'POST /candidates/:candidate/files': {
    allowedStatus: 422, // no file sent: "Choose a file to upload."
    get path() {
      return `/candidates/${fixtures.candidateId}/files`;
    },
  },
  'GET /candidates/:candidate/files/:file': {
    get path() {
      return `/candidates/${fixtures.candidateId}/files/${fixtures.candidateFileId}`;
    },
  },
  'DELETE /candidates/:candidate/files/:file': {
    get path() {
      return `/candidates/${fixtures.candidateId}/files/${fixtures.spareCandidateFiles.pop()}`;
    },
  },
  'POST /recruitments/:recruitment/imports': {
    allowedStatus: 422, // no file sent: "Choose a CSV file to import."
    get path() {
      return `/recruitments/${fixtures.importRecruitmentId}/imports`;
    },
  },
  'POST /recruitments/:recruitment/imports/preview': {
    allowedStatus: 422, // no file sent: "Choose a CSV file to import."
    get path() {
      return `/recruitments/${fixtures.importRecruitmentId}/imports/preview`;
    },
  },
  'GET /imports/:import': {
    get path() {
      return `/imports/${fixtures.importId}`;
    },
  },
  // Interviews and scorecards (docs/product.md §14): rows below this line.
  'GET /interview-types': {},
  'POST /interview-types': {
    get body() {
      return { name: `Interview type ${++fixtures.serial}`, criteria: ['Depth'] };
    },
  },
  'PATCH /interview-types/reorder': { body: { original: 1, new: 1 } },
  'PATCH /interview-types/:type': {
    body: { questions: ['Tell us about yourself.'] },
    get path() {
      return `/interview-types/${fixtures.interviewTypeId}`;
    },
  },
  'DELETE /interview-types/:type': {
    get path() {
      return `/interview-types/${fixtures.spareInterviewTypes.pop()}`;
    },
  },
  'GET /recruitments/:recruitment/interviews': {
    get path() {
      return `/recruitments/${fixtures.interviewRecruitmentId}/interviews`;
    },
  },
  'GET /applications/:application/interviews': {
    get path() {
      return `/applications/${fixtures.interviewApplicationId}/interviews`;
    },
  },
  'POST /applications/:application/interviews': {
    get path() {
      return `/applications/${fixtures.interviewApplicationId}/interviews`;
    },
    get body() {
      return {
        type_id: fixtures.interviewTypeId,
        starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: 'Matrix room',
        interviewer_ids: [fixtures.interviewerUserId],
      };
    },
  },
  'GET /interviews/conflicts': {
    get query() {
      const from = new Date(Date.now() + 86_400_000).toISOString();
      const to = new Date(Date.now() + 90_000_000).toISOString();
      return `?user_ids=${fixtures.interviewerUserId}&starts_at=${encodeURIComponent(from)}&ends_at=${encodeURIComponent(to)}`;
    },
  },
  'GET /interviews/:interview': {
    allowedStatusByRole: { interviewer: 404 }, // an interviewer sees only the interviews they are on
    get path() {
      return `/interviews/${fixtures.interviewId}`;
    },
  },
  'PATCH /interviews/:interview': {
    body: { location: 'Matrix room 2' },
    get path() {
      return `/interviews/${fixtures.interviewId}`;
    },
  },
  'POST /interviews/:interview/cancel': {
    get path() {
      return `/interviews/${fixtures.spareScheduledInterviews.pop()}/cancel`;
    },
  },
  'POST /interviews/:interview/complete': {
    get path() {
      return `/interviews/${fixtures.spareStartedInterviews.pop()}/complete`;
    },
  },
  'POST /interviews/:interview/scorecard': {
    allowedStatus: 403, // the caller is not an interviewer of it: "Only the interviewers of this interview can submit a scorecard."
    body: { ratings: [{ criterion: 'Depth', rating: 3 }], recommendation: 'yes' },
    get path() {
      return `/interviews/${fixtures.panellessInterviewId}/scorecard`;
    },
  },
  'GET /interviews/:interview/scorecards': {
    allowedStatusByRole: { interviewer: 404 }, // an interviewer sees only the interviews they are on
    get path() {
      return `/interviews/${fixtures.interviewId}/scorecards`;
    },
  },
  // Offers (docs/product.md §15): rows below this line.
  'GET /recruitments/:recruitment/offers': {
    query: '?filter[status]=draft',
    get path() {
      return `/recruitments/${fixtures.offerRecruitmentId}/offers`;
    },
  },
  'GET /applications/:application/offers': {
    get path() {
      return `/applications/${fixtures.offerApplicationId}/offers`;
    },
  },
  'POST /applications/:application/offers': {
    get path() {
      return `/applications/${fixtures.offerApplicationId}/offers`;
    },
    get body() {
      const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      return { salary: 60000, currency: 'EUR', start_date: '2030-01-01', expires_on: expires, approver_ids: [] };
    },
  },
  'GET /offers/:offer': {
    get path() {
      return `/offers/${fixtures.offerId}`;
    },
  },
  'PATCH /offers/:offer': {
    body: { bonus_note: 'Matrix bonus' },
    get path() {
      return `/offers/${fixtures.offerId}`;
    },
  },
  'POST /offers/:offer/submit': {
    get path() {
      return `/offers/${fixtures.spareDraftOffers.pop()}/submit`;
    },
  },
  'POST /offers/:offer/approve': {
    allowedStatus: 403, // the caller is not its approver: "Only the approvers of this offer can approve or reject it."
    get path() {
      return `/offers/${fixtures.offerPendingId}/approve`;
    },
  },
  'POST /offers/:offer/reject': {
    allowedStatus: 403, // the caller is not its approver
    body: { comment: 'Matrix says no' },
    get path() {
      return `/offers/${fixtures.offerPendingId}/reject`;
    },
  },
  'POST /offers/:offer/send': {
    get path() {
      return `/offers/${fixtures.spareApprovedOffers.pop()}/send`;
    },
  },
  'POST /offers/:offer/withdraw': {
    get path() {
      return `/offers/${fixtures.spareWithdrawableOffers.pop()}/withdraw`;
    },
  },
  'GET /offers/:offer/letter.pdf': {
    get path() {
      return `/offers/${fixtures.offerId}/letter.pdf`;
    },
  },
  'GET /offer-letter-template': {},
  'PUT /offer-letter-template': { body: { body: 'Dear {{candidate_name}}, welcome to {{organisation}}.' } },
  // Onboarding (docs/product.md §17): rows below this line.
  'GET /onboarding': {},
  'GET /onboarding-stages': {},
  'POST /onboarding-stages': {
    get body() {
      return { name: `Onboarding stage ${++fixtures.serial}` };
    },
  },
  'PATCH /onboarding-stages/reorder': { body: { original: 1, new: 2 } },
  'PATCH /onboarding-stages/:stageId': {
    body: { colour: '#12b886' },
    get path() {
      return `/onboarding-stages/${fixtures.onboardingStageId}`;
    },
  },
  'DELETE /onboarding-stages/:stageId': {
    get path() {
      return `/onboarding-stages/${fixtures.spareOnboardingStages.pop()}`;
    },
  },
  'GET /onboarding-templates': {},
  'POST /onboarding-templates': { body: { name: 'Matrix template', tasks: [{ title: 'Laptop', owner: 'manager', due_days: -3 }] } },
  'GET /onboarding-templates/:templateId': {
    get path() {
      return `/onboarding-templates/${fixtures.onboardingTemplateId}`;
    },
  },
  'PATCH /onboarding-templates/:templateId': {
    body: { first_day_info: 'Welcome!' },
    get path() {
      return `/onboarding-templates/${fixtures.onboardingTemplateId}`;
    },
  },
  'DELETE /onboarding-templates/:templateId': {
    get path() {
      return `/onboarding-templates/${fixtures.spareOnboardingTemplates.pop()}`;
    },
  },
  'GET /onboarding/accepted-offers': {},
  'POST /onboarding/accepted-offers/import': {
    get body() {
      return { offer_ids: [fixtures.acceptedOfferId] };
    },
  },
  'GET /onboardings/:onboardingId': {
    get path() {
      return `/onboardings/${fixtures.onboardingId}`;
    },
  },
  'PATCH /onboardings/:onboardingId': {
    get body() {
      return { template_id: fixtures.onboardingTemplateId };
    },
    get path() {
      return `/onboardings/${fixtures.onboardingId}`;
    },
  },
  'GET /onboardings/:onboardingId/hires': {
    query: '?sort=-start_date&q=matrix',
    get path() {
      return `/onboardings/${fixtures.onboardingId}/hires`;
    },
  },
  'GET /onboardings/:onboardingId/board': {
    get path() {
      return `/onboardings/${fixtures.onboardingId}/board`;
    },
  },
  'POST /hires': {
    // The body getter is read twice per call: two spares a call.
    get body() {
      return { candidate_id: fixtures.spareHireCandidates.pop(), role_id: fixtures.roleId, start_date: '2030-01-01' };
    },
  },
  'GET /hires/:hireId': {
    get path() {
      return `/hires/${fixtures.hireId}`;
    },
  },
  'PATCH /hires/:hireId': {
    body: { first_day_info: 'Matrix first day' },
    get path() {
      return `/hires/${fixtures.hireId}`;
    },
  },
  'DELETE /hires/:hireId': {
    get path() {
      return `/hires/${fixtures.spareHires.pop()}`;
    },
  },
  'POST /hires/:hireId/move': {
    get body() {
      return { stage_id: fixtures.onboardingStageId };
    },
    get path() {
      return `/hires/${fixtures.hireId}/move`;
    },
  },
  'POST /hires/:hireId/new-hire-link': {
    get path() {
      return `/hires/${fixtures.hireId}/new-hire-link`;
    },
  },
  'POST /hires/:hireId/tasks': {
    body: { title: 'Matrix task' },
    get path() {
      return `/hires/${fixtures.hireId}/tasks`;
    },
  },
  'PATCH /hires/:hireId/tasks/:taskId': {
    body: { done: true },
    // onboarding.tasks is everyone's, but without onboarding.manage only the task's owner may tick it.
    allowedStatusByRole: { interviewer: 403 },
    get path() {
      return `/hires/${fixtures.hireId}/tasks/${fixtures.hireTaskId}`;
    },
  },
  'DELETE /hires/:hireId/tasks/:taskId': {
    get path() {
      return `/hires/${fixtures.hireId}/tasks/${fixtures.spareHireTasks.pop()}`;
    },
  },
  'POST /hires/:hireId/documents': {
    body: { name: 'Matrix document' },
    get path() {
      return `/hires/${fixtures.hireId}/documents`;
    },
  },
  'POST /hires/:hireId/documents/:documentId/file': {
    allowedStatus: 422, // no file sent
    get path() {
      return `/hires/${fixtures.hireId}/documents/${fixtures.hireDocumentId}/file`;
    },
  },
  'GET /hires/:hireId/documents/:documentId/file': {
    get path() {
      return `/hires/${fixtures.hireId}/documents/${fixtures.hireDocumentId}/file`;
    },
  },
  'DELETE /hires/:hireId/documents/:documentId': {
    get path() {
      return `/hires/${fixtures.hireId}/documents/${fixtures.spareHireDocuments.pop()}`;
    },
  },
  // Website (docs/product.md §16): organisation A is not subscribed, so the jobs feed answers 404 with its own message.
  'GET /website': {},
  'PATCH /website': { body: { headline: 'Work with us', brand_colour: '#0B7285' } },
  'GET /website/logo': { allowedStatus: 404 }, // no logo: "The careers site has no logo."
  'POST /website/logo': { allowedStatus: 422 }, // no image sent
  'DELETE /website/logo': {},
  'PATCH /website/roles/:roleId': {
    body: { published: true, questions: [{ label: 'Why us?', kind: 'long_text', required: false }] },
    get path() {
      return `/website/roles/${fixtures.roleId}`;
    },
  },
  'GET /website/stats': { query: '?from=2026-01-01&to=2026-01-31' },
  'GET /website/jobs': { allowedStatus: 404 }, // not subscribed to the Website product
};

const PREFIX = `/api/v1${ORGANISATION_PREFIX}`;

let t: TestApp;
let orgA: { id: string };
let outsider: ClientType;
let memberOfA: ClientType;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t);
  orgA = await createOrganisation(t, owner);
  // Subscribed to Onboarding, whose routes answer no other organisation (the rows without it are below).
  await t.database.db
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(eq(organisations.id, orgA.id));
  const other = await createUser(t);
  await createOrganisation(t, other);
  outsider = await signIn(t, other);
  memberOfA = await signIn(t, owner);
});
afterAll(async () => t.close());

beforeAll(async () => {
  const db = t.database.db;
  const spares = Array.from({ length: 12 }, (_, i) => i);
  const levels = await db
    .insert(experienceLevels)
    .values(
      ['Junior', 'Senior', ...spares.map((i) => `Spare level ${i}`)].map((name, i) => ({ organisationId: orgA.id, name, position: i + 1 })),
    )
    .returning();
  const statuses = await db
    .insert(recruitmentStatuses)
    .values(
      [
        { name: 'Applied', category: 'in_progress' },
        { name: 'Hired', category: 'hired' },
        { name: 'Rejected', category: 'rejected' },
        ...spares.map((i) => ({ name: `Spare stage ${i}`, category: 'in_progress' })),
      ].map((s, i) => ({ organisationId: orgA.id, ...s, position: i + 1 })),
    )
    .returning();
  const keys = await db
    .insert(apiKeys)
    .values(
      spares.map((i) => ({
        organisationId: orgA.id,
        name: `Spare key ${i}`,
        prefix: 'hl_spare',
        tokenHash: sha256(`spare-${i}`),
        scopes: ['candidates:read'],
      })),
    )
    .returning();
  fixtures.levelId = levels[0]!.id;
  fixtures.statusId = statuses[0]!.id;
  fixtures.spareLevels = levels.slice(2).map((l) => l.id);
  fixtures.spareStatuses = statuses.slice(3).map((s) => s.id);
  fixtures.spareKeys = keys.map((k) => k.id);
  const roles = await db
    .insert(jobRoles)
    .values(['Matrix role', ...spares.map((i) => `Spare role ${i}`)].map((name) => ({ organisationId: orgA.id, name })))
    .returning();
  fixtures.roleId = roles[0]!.id;
  fixtures.spareRoles = roles.slice(1).map((r) => r.id);
  const teamRows = await db
    .insert(teams)
    .values(['Engineering', ...spares.map((i) => `Spare team ${i}`)].map((name) => ({ organisationId: orgA.id, name })))
    .returning();
  fixtures.teamId = teamRows[0]!.id;
  fixtures.spareTeams = teamRows.slice(1).map((r) => r.id);
});

beforeAll(async () => {
  const db = t.database.db;
  // Members and pending invitations take seats: give the plan room for the fixtures and the invites of the rows.
  await db.update(organisations).set({ plan: 'business' }).where(eq(organisations.id, orgA.id));
  const member = await createUser(t);
  await addMember(t, orgA.id, member.id, 'recruiter');
  people.memberId = member.id;
  for (let i = 0; i < 12; i++) {
    const spare = await createUser(t);
    await addMember(t, orgA.id, spare.id, 'interviewer');
    people.spareMembers.push(spare.id);
  }
  const invitation = (token: string, expired = false) => ({
    organisationId: orgA.id,
    email: `${token}@example.test`,
    role: 'interviewer',
    tokenHash: sha256(token),
    // Expired invitations hold no seat and can still be revoked.
    expiresAt: expired ? sql`now() - interval '1 day'` : sql`now() + interval '7 days'`,
  });
  const [pending] = await db.insert(invitations).values(invitation('matrix-resend')).returning();
  people.invitationId = pending!.id;
  const spares = await db
    .insert(invitations)
    .values(Array.from({ length: 12 }, (_, i) => invitation(`matrix-spare-${i}`, true)))
    .returning();
  people.spareInvitations = spares.map((i) => i.id);
});

// Recruitments, analytics and the dashboard: one recruitment for the rows, and spares for the delete row.
beforeAll(async () => {
  const rows = await t.database.db
    .insert(recruitments)
    .values(
      ['Matrix recruitment', ...Array.from({ length: 12 }, (_, i) => `Spare recruitment ${i}`)].map((name) => ({
        organisationId: orgA.id,
        roleId: fixtures.roleId,
        name,
      })),
    )
    .returning();
  fixtures.matrixRecruitmentId = rows[0]!.id;
  fixtures.spareRecruitments = rows.slice(1).map((r) => r.id);
});

// Applications: two recruitments (raw SQL, so this section needs no imports of its own), a card for the
// rows and 12 spares each for reject, restore and transfer, every one with its own candidate.
beforeAll(async () => {
  const db = t.database.db;
  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const recruitment = async (name: string) =>
    (
      await idsOf(
        sql`insert into recruitments (organisation_id, role_id, name) values (${orgA.id}, ${fixtures.roleId}, ${name}) returning id`,
      )
    )[0]!;
  fixtures.appRecruitmentId = await recruitment('Matrix applications');
  fixtures.appTransferTargetId = await recruitment('Matrix transfer target');
  const cards = (count: number, rejected: boolean) =>
    idsOf(sql`
      with c as (
        insert into candidates (organisation_id, name, email)
        select ${orgA.id}, 'Matrix candidate ' || g, 'matrix-' || gen_random_uuid() || '@example.test' from generate_series(1, ${count}::int) g
        returning id
      )
      insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position, rejected_at, rejection_reason)
      select ${orgA.id}, c.id, ${fixtures.appRecruitmentId}, ${fixtures.statusId}, 1, ${rejected ? sql`now()` : sql`null`}, ${rejected ? 'Withdrew' : null}
      from c
      returning id`);
  [fixtures.applicationId] = (await cards(1, false)) as [string];
  fixtures.spareRejectable = await cards(12, false);
  fixtures.spareRejected = await cards(12, true);
  fixtures.spareTransferable = await cards(12, false);
});

// Candidates: people (raw SQL, like the applications section), a file uploaded through the API for the
// download row, spares for erase, merge sources and file deletes, and a finished import.
beforeAll(async () => {
  const db = t.database.db;
  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const persons = (count: number) =>
    idsOf(sql`insert into candidates (organisation_id, name, email)
      select ${orgA.id}, 'Matrix person ' || g, 'matrix-person-' || gen_random_uuid() || '@example.test' from generate_series(1, ${count}::int) g
      returning id`);
  [fixtures.candidateId] = (await persons(1)) as [string];
  fixtures.spareCandidates = await persons(12);
  // The row's body getter is read twice per call.
  fixtures.spareMergeSources = await persons(24);
  const { upload } = await import('./uploads.ts');
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const uploadOne = async () => {
    const res = await upload(memberOfA, `organisation/${orgA.id}/candidates/${fixtures.candidateId}/files`, 'file', {
      bytes: pdf,
      filename: 'matrix.pdf',
      type: 'application/pdf',
    });
    if (res.status !== 201) throw new Error(`matrix upload: ${res.status} ${res.text}`);
    return res.json.file.id as string;
  };
  fixtures.candidateFileId = await uploadOne();
  for (let i = 0; i < 12; i++) fixtures.spareCandidateFiles.push(await uploadOne());
  [fixtures.importRecruitmentId] = (await idsOf(
    sql`insert into recruitments (organisation_id, role_id, name) values (${orgA.id}, ${fixtures.roleId}, 'Matrix imports') returning id`,
  )) as [string];
  [fixtures.importId] = (await idsOf(
    sql`insert into candidate_imports (organisation_id, recruitment_id, filename, status, total_rows, processed_rows)
      values (${orgA.id}, ${fixtures.importRecruitmentId}, 'matrix.csv', 'done', 1, 1) returning id`,
  )) as [string];
});

// Interviews and scorecards (docs/product.md §14): raw SQL like the sections above — a type and 12 spares, an open
// recruitment with one application, an upcoming interview for the rows (the owner interviews), 12 upcoming
// spares to cancel and 12 started spares to complete.
beforeAll(async () => {
  const db = t.database.db;
  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  [fixtures.interviewerUserId] = (await idsOf(
    sql`select user_id as id from memberships where organisation_id = ${orgA.id} and role = 'owner' limit 1`,
  )) as [string];
  const types = await idsOf(sql`insert into interview_types (organisation_id, name, position, criteria)
    select ${orgA.id}, 'Matrix type ' || g, g, '["Depth"]'::jsonb from generate_series(1, 13) g returning id`);
  fixtures.interviewTypeId = types[0]!;
  fixtures.spareInterviewTypes = types.slice(1);
  [fixtures.interviewRecruitmentId] = (await idsOf(
    sql`insert into recruitments (organisation_id, role_id, name) values (${orgA.id}, ${fixtures.roleId}, 'Matrix interviews') returning id`,
  )) as [string];
  [fixtures.interviewApplicationId] = (await idsOf(sql`
    with c as (insert into candidates (organisation_id, name, email) values (${orgA.id}, 'Matrix interviewee', 'matrix-interviewee@example.test') returning id)
    insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position)
    select ${orgA.id}, c.id, ${fixtures.interviewRecruitmentId}, ${fixtures.statusId}, 1 from c returning id`)) as [string];
  const interviewsAt = (count: number, startOffset: string) =>
    idsOf(sql`
      with i as (
        insert into interviews (organisation_id, application_id, recruitment_id, type_id, title, starts_at, ends_at, location, criteria, ics_uid)
        select ${orgA.id}, ${fixtures.interviewApplicationId}, ${fixtures.interviewRecruitmentId}, ${fixtures.interviewTypeId}, 'Matrix interview',
          now() + ${startOffset}::interval, now() + ${startOffset}::interval + interval '45 minutes', 'Matrix room', '["Depth"]'::jsonb,
          gen_random_uuid() || '@hireloop'
        from generate_series(1, ${count}::int) g returning id
      ), ii as (insert into interview_interviewers (interview_id, user_id) select i.id, ${fixtures.interviewerUserId} from i)
      select id from i`);
  [fixtures.interviewId] = (await interviewsAt(1, '2 days')) as [string];
  fixtures.spareScheduledInterviews = await interviewsAt(12, '3 days');
  fixtures.spareStartedInterviews = await interviewsAt(12, '-2 hours');
  [fixtures.panellessInterviewId] = (await idsOf(sql`
    insert into interviews (organisation_id, application_id, recruitment_id, title, starts_at, ends_at, location, criteria, ics_uid)
    values (${orgA.id}, ${fixtures.interviewApplicationId}, ${fixtures.interviewRecruitmentId}, 'Matrix panelless', now() - interval '2 hours',
      now() - interval '1 hour', 'Matrix room', '["Depth"]'::jsonb, gen_random_uuid() || '@hireloop') returning id`)) as [string];
});

// Offers (docs/product.md §15): raw SQL like the sections above — a recruitment with one application (its candidate has an
// e-mail, so approved offers can be sent), a draft for the rows, one waiting for the approval of a member who
// makes no calls, and 12 spares each of drafts (submit), approved offers (send) and drafts (withdraw).
beforeAll(async () => {
  const db = t.database.db;
  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  [fixtures.offerRecruitmentId] = (await idsOf(
    sql`insert into recruitments (organisation_id, role_id, name) values (${orgA.id}, ${fixtures.roleId}, 'Matrix offers') returning id`,
  )) as [string];
  [fixtures.offerApplicationId] = (await idsOf(sql`
    with c as (insert into candidates (organisation_id, name, email) values (${orgA.id}, 'Matrix offeree', 'matrix-offeree@example.test') returning id)
    insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position)
    select ${orgA.id}, c.id, ${fixtures.offerRecruitmentId}, ${fixtures.statusId}, 1 from c returning id`)) as [string];
  const offersIn = (count: number, status: string) =>
    idsOf(sql`insert into offers (organisation_id, application_id, recruitment_id, salary, currency, start_date, expires_at, status)
      select ${orgA.id}, ${fixtures.offerApplicationId}, ${fixtures.offerRecruitmentId}, 60000, 'EUR', '2030-01-01', now() + interval '7 days', ${status}
      from generate_series(1, ${count}::int) g returning id`);
  [fixtures.offerId] = (await offersIn(1, 'draft')) as [string];
  [fixtures.acceptedOfferId] = (await offersIn(1, 'accepted')) as [string];
  [fixtures.offerPendingId] = (await offersIn(1, 'pending_approval')) as [string];
  const approver = await createUser(t);
  await addMember(t, orgA.id, approver.id, 'hiring_manager');
  await db.execute(
    sql`insert into offer_approvals (offer_id, approver_id, position) values (${fixtures.offerPendingId}, ${approver.id}, 1)`,
  );
  fixtures.spareDraftOffers = await offersIn(12, 'draft');
  fixtures.spareApprovedOffers = await offersIn(12, 'approved');
  fixtures.spareWithdrawableOffers = await offersIn(12, 'draft');
});

// Onboarding (docs/product.md §17): raw SQL like the sections above — stages (one for the rows, 12 spares), templates,
// the role's onboarding with a hire (a task, a document whose file is uploaded through the API), 12 spare
// hires, tasks and documents for the delete rows, and 24 candidates for POST /hires (two per call).
beforeAll(async () => {
  const db = t.database.db;
  const idsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const stages = await idsOf(sql`insert into onboarding_stages (organisation_id, name, position)
    select ${orgA.id}, 'Matrix onboarding stage ' || g, g from generate_series(1, 13) g returning id`);
  fixtures.onboardingStageId = stages[0]!;
  fixtures.spareOnboardingStages = stages.slice(1);
  const templates = await idsOf(sql`insert into onboarding_templates (organisation_id, name)
    select ${orgA.id}, 'Matrix template ' || g from generate_series(1, 13) g returning id`);
  fixtures.onboardingTemplateId = templates[0]!;
  fixtures.spareOnboardingTemplates = templates.slice(1);
  [fixtures.onboardingId] = (await idsOf(
    sql`insert into onboardings (organisation_id, role_id) values (${orgA.id}, ${fixtures.roleId}) returning id`,
  )) as [string];
  const hiresOf = (count: number) =>
    idsOf(sql`
      with c as (
        insert into candidates (organisation_id, name, email)
        select ${orgA.id}, 'Matrix hire ' || g, 'matrix-hire-' || gen_random_uuid() || '@example.test' from generate_series(1, ${count}::int) g
        returning id
      )
      insert into hires (organisation_id, onboarding_id, candidate_id, stage_id, board_position, start_date)
      select ${orgA.id}, ${fixtures.onboardingId}, c.id, ${fixtures.onboardingStageId}, 1, '2030-01-01' from c returning id`);
  [fixtures.hireId] = (await hiresOf(1)) as [string];
  fixtures.spareHires = await hiresOf(12);
  const tasks = await idsOf(sql`insert into hire_tasks (organisation_id, hire_id, title, position)
    select ${orgA.id}, ${fixtures.hireId}, 'Matrix task ' || g, g from generate_series(1, 13) g returning id`);
  fixtures.hireTaskId = tasks[0]!;
  fixtures.spareHireTasks = tasks.slice(1);
  const documents = await idsOf(sql`insert into hire_documents (organisation_id, hire_id, name, position)
    select ${orgA.id}, ${fixtures.hireId}, 'Matrix document ' || g, g from generate_series(1, 13) g returning id`);
  fixtures.hireDocumentId = documents[0]!;
  fixtures.spareHireDocuments = documents.slice(1);
  fixtures.spareHireCandidates = await idsOf(sql`insert into candidates (organisation_id, name, email)
    select ${orgA.id}, 'Matrix new hire ' || g, 'matrix-new-hire-' || gen_random_uuid() || '@example.test' from generate_series(1, 24) g
    returning id`);
  const { upload } = await import('./uploads.ts');
  const res = await upload(
    memberOfA,
    `organisation/${orgA.id}/hires/${fixtures.hireId}/documents/${fixtures.hireDocumentId}/file`,
    'file',
    {
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
      filename: 'matrix.pdf',
      type: 'application/pdf',
    },
  );
  if (res.status !== 200) throw new Error(`matrix hire upload: ${res.status} ${res.text}`);
});

const scopedRoutes = () =>
  t.app.apiRoutes
    .filter((r) => r.url.startsWith(PREFIX))
    .map((r) => `${r.method} ${r.url.slice(PREFIX.length)}`)
    .filter((key, i, all) => all.indexOf(key) === i);

const call = (client: ClientType, key: string, orgId: string) => {
  const [method, path] = key.split(' ') as [string, string];
  const c = CASES[key] ?? {};
  return client.request(
    method,
    `/api/v1/organisation/${orgId}${c.path ?? path}${c.query ?? ''}`,
    c.body === undefined ? {} : { body: c.body },
  );
};

describe('cross-organisation access matrix', () => {
  it('has a case for every organisation-scoped route', () => {
    const routes = scopedRoutes();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => !(r in CASES))).toEqual([]);
  });

  it('reads every organisation-scoped GET (files aside) in the "a new organisation sees zero" check of figures-isolation.test.ts', () => {
    const reads = t.app.apiRoutes.map(scopedGetPath).filter((path): path is string => path !== null && !FILE_DOWNLOAD.test(path));
    expect(reads.length).toBeGreaterThan(30);
    // A read whose path parameter that check cannot fill would escape it: give it a fixture there (figure-routes.ts).
    expect(reads.filter((path) => unfilledParams(path).length > 0)).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s: a member of another organisation gets 404 and no data', async (key) => {
    const res = await call(outsider, key, orgA.id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it.each(Object.keys(CASES))('%s: a signed-out caller gets 401', async (key) => {
    const anonymous = await new Client(t.baseUrl).csrf();
    expect((await call(anonymous, key, orgA.id)).status).toBe(401);
  });

  it.each(Object.keys(CASES))('%s: an unknown or malformed organisation id gets 404', async (key) => {
    expect((await call(memberOfA, key, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(memberOfA, key, 'not-a-uuid')).status).toBe(404);
  });

  it.each(Object.keys(CASES))('%s: a member of the organisation is let through', async (key) => {
    const res = await call(memberOfA, key, orgA.id);
    const allowed = CASES[key]?.allowedStatus;
    if (allowed) expect(res.status, res.text).toBe(allowed);
    else expect(res.status, res.text).toBeLessThan(300);
  });
});

describe('permission matrix (contract/permissions.ts): each role × each organisation-scoped route', () => {
  it('documents every route in docs/permissions.md, generated from the source of truth', async () => {
    const { readFile } = await import('node:fs/promises');
    const { renderPermissionsDoc } = await import('../src/features/permissions-doc.ts');
    const committed = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(committed, 'run `npm run docs:permissions`').toBe(renderPermissionsDoc(t.app.apiRoutes));
  });

  it.each(MEMBER_ROLES.flatMap((role) => Object.keys(CASES).map((key) => [role, key] as const)))(
    '%s → %s: allowed exactly when the role has the permission, else 403',
    async (role, key) => {
      const user = await createUser(t);
      await addMember(t, orgA.id, user.id, role);
      const client = await signIn(t, user);
      const route = t.app.apiRoutes.find((r) => r.url.startsWith(PREFIX) && `${r.method} ${r.url.slice(PREFIX.length)}` === key);
      const res = await call(client, key, orgA.id);
      // Each row's caller leaves again, so organisation A does not grow a member per row (members take seats).
      await t.database.db.delete(memberships).where(and(eq(memberships.organisationId, orgA.id), eq(memberships.userId, user.id)));
      const allowed = CASES[key]?.allowedStatusByRole?.[role] ?? CASES[key]?.allowedStatus;
      if (can(role, route!.permission!)) {
        if (allowed) expect(res.status, res.text).toBe(allowed);
        else expect(res.status, res.text).toBeLessThan(400);
      } else expect(res.status).toBe(403);
    },
  );
});

/**
 * Onboarding answers only an organisation subscribed to it (features/onboardings/product-gate.ts).
 * Organisation A, subscribed for the rows above, unsubscribes for these: its own member gets 403
 * with the one message on every onboarding row, and nothing of A's hires, task or document; the
 * dashboard alone answers, with `not_subscribed` for the web to offer the product.
 */
const ONBOARDING_ROW = /^[A-Z]+ \/(onboarding|onboardings|onboarding-stages|onboarding-templates|hires)(\/|$)/;
const ONBOARDING_ROWS = Object.keys(CASES).filter((key) => ONBOARDING_ROW.test(key) && key !== 'GET /onboarding');

describe('an organisation not subscribed to Onboarding', () => {
  const setProducts = (products: string[]) => t.database.db.update(organisations).set({ products }).where(eq(organisations.id, orgA.id));
  beforeAll(async () => {
    await setProducts([]);
  });
  afterAll(async () => {
    await setProducts(['onboarding']);
  });

  it('has a row for every onboarding route (stages, templates, accepted offers, onboardings, hires, tasks, documents)', () => {
    expect(ONBOARDING_ROWS.length).toBeGreaterThanOrEqual(29);
    const routes = scopedRoutes().filter((key) => ONBOARDING_ROW.test(key) && key !== 'GET /onboarding');
    expect(routes.filter((key) => !ONBOARDING_ROWS.includes(key))).toEqual([]);
  });

  it.each(ONBOARDING_ROWS)('%s: its member gets 403 saying the organisation is not subscribed, and no data', async (key) => {
    const res = await call(memberOfA, key, orgA.id);
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual({ message: ONBOARDING_TEXTS.notSubscribed, code: 'forbidden' });
  });

  it('GET /onboarding: its member gets not_subscribed, and nothing of its hires', async () => {
    const res = await call(memberOfA, 'GET /onboarding', orgA.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.onboarding).toMatchObject({ product_state: 'not_subscribed', stages: [], onboardings: [] });
    for (const id of [fixtures.onboardingId, fixtures.hireId, fixtures.onboardingStageId]) expect(res.text).not.toContain(id);
  });
});

describe('role gates', () => {
  it('lets an interviewer read roles but not create one (403)', async () => {
    const interviewer = await createUser(t);
    await addMember(t, orgA.id, interviewer.id, 'interviewer');
    const client = await signIn(t, interviewer);
    expect((await client.get(`/api/v1/organisation/${orgA.id}/role`)).status).toBe(200);
    const res = await client.post(`/api/v1/organisation/${orgA.id}/role`, { name: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
  });
});

/**
 * What each role reads in a candidate's timeline (GET /candidates/{id}/activities): every row goes through
 * the policy of the object it is about. The reader is on no interview: an interview row follows
 * GET /interviews/{id} (an interviewer: 404), a scorecard row also its recommendation (hidden only from
 * someone on the panel who has not submitted), an offer row GET /offers/{id} (offers.view).
 */
const TIMELINE_BY_ROLE: Record<MemberRole, { interviews: boolean; recommendations: boolean; offers: boolean }> = {
  owner: { interviews: true, recommendations: true, offers: true },
  admin: { interviews: true, recommendations: true, offers: true },
  recruiter: { interviews: true, recommendations: true, offers: true },
  hiring_manager: { interviews: true, recommendations: true, offers: true },
  interviewer: { interviews: false, recommendations: false, offers: false },
};

describe('timeline matrix: what each role sees of a candidate with an interview, a scorecard and an offer', () => {
  const COMMENT = 'Matrix approval comment';
  const seeded = { candidateId: '', interviewId: '', offerId: '' };

  beforeAll(async () => {
    const db = t.database.db;
    const o = (path: string) => `/api/v1/organisation/${orgA.id}${path}`;
    const idsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const [recruitmentId] = (await idsOf(
      sql`insert into recruitments (organisation_id, role_id, name) values (${orgA.id}, ${fixtures.roleId}, 'Matrix timeline') returning id`,
    )) as [string];
    [seeded.candidateId] = (await idsOf(
      sql`insert into candidates (organisation_id, name, email) values (${orgA.id}, 'Matrix timeline person', 'matrix-timeline@example.test') returning id`,
    )) as [string];
    const [applicationId] =
      (await idsOf(sql`insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position)
      values (${orgA.id}, ${seeded.candidateId}, ${recruitmentId}, ${fixtures.statusId}, 1) returning id`)) as [string];
    const panelist = await createUser(t);
    await addMember(t, orgA.id, panelist.id, 'interviewer');
    const approver = await createUser(t);
    await addMember(t, orgA.id, approver.id, 'hiring_manager');
    const interview = await memberOfA.post(o(`/applications/${applicationId}/interviews`), {
      type_id: fixtures.interviewTypeId,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Matrix room',
      interviewer_ids: [panelist.id],
    });
    if (interview.status !== 201) throw new Error(`matrix timeline interview: ${interview.status} ${interview.text}`);
    seeded.interviewId = interview.json.interview.id;
    await db.execute(
      sql`update interviews set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${seeded.interviewId}`,
    );
    const scorecard = await (
      await signIn(t, panelist)
    ).post(o(`/interviews/${seeded.interviewId}/scorecard`), {
      ratings: [{ criterion: 'Depth', rating: 2 }],
      recommendation: 'strong_no',
      notes: 'Matrix notes',
    });
    if (scorecard.status !== 201) throw new Error(`matrix timeline scorecard: ${scorecard.status} ${scorecard.text}`);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const offer = await memberOfA.post(o(`/applications/${applicationId}/offers`), {
      salary: 70000,
      currency: 'EUR',
      salary_period: 'year',
      start_date: day(40),
      contract_type: 'full_time',
      expires_on: day(14),
      approver_ids: [approver.id],
    });
    if (offer.status !== 201) throw new Error(`matrix timeline offer: ${offer.status} ${offer.text}`);
    seeded.offerId = offer.json.offer.id;
    expect((await memberOfA.post(o(`/offers/${seeded.offerId}/submit`))).status).toBe(200);
    expect((await (await signIn(t, approver)).post(o(`/offers/${seeded.offerId}/approve`), { comment: COMMENT })).status).toBe(200);
    expect((await memberOfA.post(o(`/candidates/${seeded.candidateId}/notes`), { body: 'Matrix note' })).status).toBe(201);
  });

  it.each(MEMBER_ROLES)('%s', async (role) => {
    const user = await createUser(t);
    await addMember(t, orgA.id, user.id, role);
    const client = await signIn(t, user);
    const res = await client.get(`/api/v1/organisation/${orgA.id}/candidates/${seeded.candidateId}/activities?per_page=100`);
    await t.database.db.delete(memberships).where(and(eq(memberships.organisationId, orgA.id), eq(memberships.userId, user.id)));
    expect(res.status, res.text).toBe(200);
    const rows = res.json.activities.data as Array<{ type: string; data: Record<string, unknown> }>;
    const types = rows.map((r) => r.type);
    const expected = TIMELINE_BY_ROLE[role];
    expect(types).toContain('note.added');
    expect(types.includes('interview.scheduled')).toBe(expected.interviews);
    const scorecard = rows.find((r) => r.type === 'scorecard.submitted');
    expect(scorecard !== undefined).toBe(expected.interviews);
    expect(scorecard?.data.recommendation).toBe(expected.recommendations ? 'strong_no' : undefined);
    expect(res.text.includes(seeded.interviewId)).toBe(expected.interviews);
    expect(types.filter((x) => x.startsWith('offer.'))).toEqual(
      expected.offers ? ['offer.approved', 'offer.submitted', 'offer.created'] : [],
    );
    expect(res.text.includes(COMMENT)).toBe(expected.offers);
    expect(res.json.activities.meta.total).toBe(rows.length);
  });
});
