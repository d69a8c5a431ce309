import { API_BASE_PATH } from '@hireloop/contract/constants';
import type { Candidate, CandidateFile, CandidateFileKind, CandidateSource, ConsentSource, Note } from '@hireloop/contract/candidates';
import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { notePolicies } from '@hireloop/contract/policies/notes';
import type { CandidateFileRow, CandidateRow, NoteRow } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCandidate(row: CandidateRow): Candidate {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    links: row.links ?? [],
    source: row.source as CandidateSource,
    consent_at: iso(row.consentAt),
    consent_source: row.consentSource as ConsentSource | null,
    consent_note: row.consentNote,
    erased_at: iso(row.erasedAt),
    last_activity_at: row.lastActivityAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A note as `actor` sees it: with what they may do to it (`policies`, packages/contract/src/policies/notes.ts). */
export function presentNote(row: NoteRow, actor: PolicyActor): Note {
  return {
    id: row.id,
    candidate_id: row.candidateId,
    application_id: row.applicationId,
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? 'Unknown user', avatar_url: row.authorAvatarUrl } : null,
    body: row.body,
    mentioned_user_ids: row.mentionedUserIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    policies: notePolicies(actor, { authorId: row.authorId }),
  };
}

/** Where the file is downloaded (authorised per request); `?inline=1` previews a PDF. */
export const candidateFileUrl = (organisationId: string, candidateId: string, fileId: string) =>
  `${API_BASE_PATH}/organisation/${organisationId}/candidates/${candidateId}/files/${fileId}`;

export function presentCandidateFile(row: CandidateFileRow): CandidateFile {
  return {
    id: row.id,
    kind: row.kind as CandidateFileKind,
    filename: row.stored.filename,
    content_type: row.stored.contentType,
    size: row.stored.size,
    uploaded_by: row.uploadedById ? { id: row.uploadedById, name: row.uploaderName ?? 'Unknown user' } : null,
    created_at: row.createdAt.toISOString(),
    url: candidateFileUrl(row.organisationId, row.candidateId, row.id),
  };
}
