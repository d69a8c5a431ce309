import type {
  ApplicationDetail,
  ApplicationListItem,
  BoardCard,
  Candidate,
  CandidateFile,
  CandidateFileKind,
  CandidateSource,
  CareerApplicationSent,
  ConsentSource,
  StageChange,
} from '@hireloop/contract/candidates';
import type {
  ApplicationListRow,
  CandidateRow,
  StatusRow,
  BoardRow,
  filesOf,
  findApplicationDetail,
  otherApplicationsOf,
  stageHistory,
} from './repository.ts';

type Category = ApplicationListItem['status']['category'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentStatus(s: Pick<StatusRow, 'id' | 'name' | 'colour' | 'category'>): ApplicationListItem['status'] {
  return { id: s.id, name: s.name, colour: s.colour, category: s.category as Category };
}

export function presentCandidate(c: CandidateRow): Candidate {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    location: c.location,
    links: c.links,
    source: c.source as CandidateSource,
    consent_at: iso(c.consentAt),
    consent_source: c.consentSource as ConsentSource | null,
    consent_note: c.consentNote,
    erased_at: iso(c.erasedAt),
    last_activity_at: c.lastActivityAt.toISOString(),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentListItem(r: ApplicationListRow): ApplicationListItem {
  return {
    id: r.id,
    candidate: {
      id: r.candidateId,
      name: r.candidateName,
      email: r.candidateEmail,
      location: r.candidateLocation,
      erased: r.candidateErasedAt !== null,
    },
    recruitment_id: r.recruitmentId,
    status: presentStatus({ id: r.statusId, name: r.statusName, colour: r.statusColour, category: r.statusCategory }),
    rating: r.rating,
    source: r.source as CandidateSource,
    tags: r.tags,
    rejected_at: iso(r.rejectedAt),
    rejection_reason: r.rejectionReason,
    stage_entered_at: r.stageEnteredAt.toISOString(),
    applied_at: r.appliedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
  };
}

export function presentCard(c: NonNullable<BoardRow['card']>): BoardCard {
  return {
    id: c.id,
    candidate_id: c.candidateId,
    name: c.name,
    rating: c.rating,
    tags: c.tags,
    source: c.source as CandidateSource,
    stage_entered_at: c.stageEnteredAt.toISOString(),
    version: c.version,
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof findApplicationDetail>>>;
type HistoryRow = Awaited<ReturnType<typeof stageHistory>>[number];
type FileRow = Awaited<ReturnType<typeof filesOf>>[number];
type OtherRow = Awaited<ReturnType<typeof otherApplicationsOf>>[number];

const ref = (id: string | null, name: string | null) => (id !== null ? { id, name: name ?? '' } : null);

export function presentStageChange(h: HistoryRow): StageChange {
  return {
    id: h.id,
    from: ref(h.fromId, h.fromName),
    to: ref(h.toId, h.toName),
    moved_by: ref(h.movedById, h.movedByName),
    moved_at: h.movedAt.toISOString(),
  };
}

export function presentFile(organisationId: string, candidateId: string, f: FileRow): CandidateFile {
  return {
    id: f.id,
    kind: f.kind as CandidateFileKind,
    filename: f.filename,
    content_type: f.contentType,
    size: f.size,
    uploaded_by: ref(f.uploadedById, f.uploadedByName),
    created_at: f.createdAt.toISOString(),
    url: `/api/v1/organisation/${organisationId}/candidates/${candidateId}/files/${f.id}`,
  };
}

export function presentDetail(
  organisationId: string,
  d: DetailRow,
  history: HistoryRow[],
  files: FileRow[],
  others: OtherRow[],
  careerApplication: CareerApplicationSent | null,
): ApplicationDetail {
  const a = d.application;
  return {
    id: a.id,
    candidate: presentCandidate(d.candidate),
    recruitment_id: a.recruitmentId,
    recruitment: d.recruitment,
    status: presentStatus(d.status),
    rating: a.rating,
    source: a.source as CandidateSource,
    tags: a.tags,
    rejected_at: iso(a.rejectedAt),
    rejection_reason: a.rejectionReason,
    rejected_by: ref(a.rejectedById, d.rejectedByName),
    hired_at: iso(a.hiredAt),
    stage_entered_at: a.stageEnteredAt.toISOString(),
    applied_at: a.appliedAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    version: a.version,
    history: history.map(presentStageChange),
    files: files.map((f) => presentFile(organisationId, d.candidate.id, f)),
    other_applications: others.map((o) => ({
      id: o.id,
      recruitment: { id: o.recruitmentId, name: o.recruitmentName },
      status: presentStatus(o.status),
      rejected_at: iso(o.rejectedAt),
    })),
    career_application: careerApplication,
  };
}
