import type { Team, TeamKind, TeamMember, TeamRole } from '@hireloop/contract/teams';
import { teamLogoUrl } from '../files/service.ts';
import type { TeamRow } from './repository.ts';

export const presentTeam = (r: TeamRow): Team => ({
  id: r.id,
  name: r.name,
  kind: r.kind as TeamKind,
  description: r.description,
  contact_name: r.contactName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
  logo_url: r.logoKey ? teamLogoUrl(r.organisationId, r.id, r.logoKey) : null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const presentMember = (m: { id: string; name: string; email: string | null; avatarUrl: string | null }): TeamMember => ({
  id: m.id,
  name: m.name,
  email: m.email,
  avatar_url: m.avatarUrl,
});

export const presentRole = (r: { id: string; name: string; status: string }): TeamRole => ({ id: r.id, name: r.name, status: r.status });

/** What the audit log keeps of a team. */
export const auditTeam = (r: TeamRow) => ({
  name: r.name,
  kind: r.kind,
  description: r.description,
  contact_name: r.contactName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
});
