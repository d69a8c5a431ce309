import { TEAM_MEMBER_NOT_FOUND, TEAM_NAME_TAKEN, type TeamDetail, type TeamListItem, type TeamPatchBody } from '@hireloop/contract/teams';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { teamLogoPrefix, type FileService } from '../files/service.ts';
import { auditTeam, presentMember, presentRole, presentTeam } from './presenter.ts';
import {
  deleteTeam,
  findTeam,
  insertTeam,
  listTeams,
  lockTeams,
  organisationMemberIds,
  replaceTeamMembers,
  setTeamLogo,
  teamMembersOf,
  teamNameTaken,
  teamRolesOf,
  updateTeam,
  type TeamRow,
  type TeamSort,
  type TeamValues,
} from './repository.ts';

const teamNotFound = () => new AppError('not_found', 'No such team or client.');
const nameTaken = () => new AppError('conflict', TEAM_NAME_TAKEN, { name: [TEAM_NAME_TAKEN] });

/** '' and null clear an optional field; absent leaves it. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

function valuesOf(body: TeamPatchBody): TeamValues {
  const values: TeamValues = {
    name: body.name?.trim(),
    kind: body.kind,
    description: blankToNull(body.description?.trim() ?? body.description),
    contactName: blankToNull(body.contact_name?.trim() ?? body.contact_name),
    contactEmail: blankToNull(body.contact_email?.trim() ?? body.contact_email),
    contactPhone: blankToNull(body.contact_phone?.trim() ?? body.contact_phone),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as TeamValues;
}

export function createTeamService(db: Db, files: FileService) {
  /** The team of this organisation, or 404 (also for a malformed id). */
  async function existing(tx: Db, organisationId: string, id: string): Promise<TeamRow> {
    const row = isUuid(id) ? await findTeam(tx, organisationId, id) : undefined;
    if (!row) throw teamNotFound();
    return row;
  }

  async function detail(tx: Db, organisationId: string, row: TeamRow): Promise<TeamDetail> {
    const [members, roles] = await Promise.all([teamMembersOf(tx, organisationId, row.id), teamRolesOf(tx, organisationId, row.id)]);
    return { ...presentTeam(row), members: members.map(presentMember), roles: roles.map(presentRole) };
  }

  return {
    async list(
      organisationId: string,
      o: { page: number; perPage: number; name?: string | undefined; kind?: string | undefined; sort: TeamSort },
    ): Promise<{ teams: TeamListItem[]; total: number }> {
      const { rows, total } = await listTeams(db, organisationId, o);
      return {
        teams: rows.map((r) => ({ ...presentTeam(r.team), roles_count: r.rolesCount, members_count: r.membersCount })),
        total,
      };
    },

    async get(organisationId: string, id: string) {
      return detail(db, organisationId, await existing(db, organisationId, id));
    },

    async create(organisationId: string, actor: Actor, body: TeamPatchBody & { name: string }) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockTeams(tx, organisationId);
        const values = valuesOf(body);
        if (await teamNameTaken(tx, organisationId, body.name.trim())) throw nameTaken();
        const row = await insertTeam(tx, organisationId, { ...values, name: body.name.trim() });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.created',
          targetType: 'team',
          targetId: row.id,
          after: auditTeam(row),
        });
        return detail(tx, organisationId, row);
      });
    },

    async update(organisationId: string, actor: Actor, id: string, body: TeamPatchBody) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockTeams(tx, organisationId);
        const before = await existing(tx, organisationId, id);
        const values = valuesOf(body);
        if (values.name !== undefined && (await teamNameTaken(tx, organisationId, values.name, id))) throw nameTaken();
        if (Object.keys(values).length === 0) return detail(tx, organisationId, before);
        const row = await updateTeam(tx, organisationId, id, values);
        if (!row) throw teamNotFound();
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.updated',
          targetType: 'team',
          targetId: id,
          before: auditTeam(before),
          after: auditTeam(row),
        });
        return detail(tx, organisationId, row);
      });
    },

    /** Its roles stay, without a team; its logo goes with it. */
    async remove(organisationId: string, actor: Actor, id: string) {
      const actorName = await actorNameOf(db, actor);
      await files.clear({ organisationId, prefix: teamLogoPrefix(organisationId, id) }, async (tx) => {
        const before = await existing(tx, organisationId, id);
        await deleteTeam(tx, organisationId, id);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.deleted',
          targetType: 'team',
          targetId: id,
          before: auditTeam(before),
        });
      });
    },

    /** The team's current logo file, after checking the team is this organisation's. */
    async logo(organisationId: string, id: string) {
      await existing(db, organisationId, id);
      return files.teamLogoOf(organisationId, id);
    },

    /** Stores the logo (already checked and re-encoded) as the team's one logo; audited. */
    async setLogo(organisationId: string, actor: Actor, id: string, image: ProcessedImage) {
      const actorName = await actorNameOf(db, actor);
      await existing(db, organisationId, id);
      return files.replace({ organisationId, prefix: teamLogoPrefix(organisationId, id) }, 'logo.png', image, async (tx, file) => {
        const before = await existing(tx, organisationId, id);
        const row = (await setTeamLogo(tx, organisationId, id, file.id))!;
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.logo_changed',
          targetType: 'team',
          targetId: id,
          before: { logo: before.logoKey },
          after: { logo: file.id, width: image.width, height: image.height },
        });
        return detail(tx, organisationId, row);
      });
    },

    async removeLogo(organisationId: string, actor: Actor, id: string) {
      const actorName = await actorNameOf(db, actor);
      await existing(db, organisationId, id);
      return files.clear({ organisationId, prefix: teamLogoPrefix(organisationId, id) }, async (tx) => {
        const before = await existing(tx, organisationId, id);
        const row = (await setTeamLogo(tx, organisationId, id, null))!;
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.logo_removed',
          targetType: 'team',
          targetId: id,
          before: { logo: before.logoKey },
        });
        return detail(tx, organisationId, row);
      });
    },

    /** Replaces the hiring team; every id must be a member of this organisation (422 otherwise, nothing changes). */
    async setMembers(organisationId: string, actor: Actor, id: string, userIds: string[]) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        const team = await existing(tx, organisationId, id);
        const wanted = [...new Set(userIds)];
        const valid = wanted.every(isUuid) ? await organisationMemberIds(tx, organisationId, wanted) : [];
        if (valid.length !== wanted.length) {
          throw new AppError('validation_failed', TEAM_MEMBER_NOT_FOUND, { user_ids: [TEAM_MEMBER_NOT_FOUND] });
        }
        const before = (await teamMembersOf(tx, organisationId, id)).map((m) => m.id);
        await replaceTeamMembers(tx, id, wanted);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'team.members_replaced',
          targetType: 'team',
          targetId: id,
          before: { user_ids: before },
          after: { user_ids: wanted },
        });
        return detail(tx, organisationId, team);
      });
    },
  };
}
