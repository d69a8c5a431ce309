import { z } from 'zod';
import { line, text } from './text.ts';
import { paged } from './pagination.ts';

export const TEAM_KINDS = ['team', 'client'] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 120;
export const TEAM_DESCRIPTION_MAX = 2000;
export const TEAM_NAME_TAKEN = 'A team or client with this name already exists.';
export const TEAM_NO_LOGO = 'This team or client has no logo.';
export const TEAM_MEMBER_NOT_FOUND = 'Every hiring team member must be a member of this organisation.';

/** A team of the organisation or a client company it hires for (SPEC: /teams, alias /clients). */
export const team = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TEAM_KINDS),
  description: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** The logo (served through the API, per request authorised), or null. */
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Team = z.infer<typeof team>;

/** A list item: the team with the number of its job roles and the size of its hiring team. */
export const teamListItem = team.extend({ roles_count: z.number().int(), members_count: z.number().int() });
export type TeamListItem = z.infer<typeof teamListItem>;

export const teamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamRole = z.object({ id: z.string(), name: z.string(), status: z.string() });
export type TeamRole = z.infer<typeof teamRole>;

export const teamDetail = team.extend({ members: z.array(teamMember), roles: z.array(teamRole) });
export type TeamDetail = z.infer<typeof teamDetail>;

/** GET organisation/{id}/teams → { teams: { data, meta } }; filter[name], filter[kind]; sort name | -name | created_at | -created_at. */
export const teamsResponse = z.object({ teams: paged(teamListItem) });
export type TeamsResponse = z.infer<typeof teamsResponse>;

export const teamResponse = z.object({ team: teamDetail });
export type TeamResponse = z.infer<typeof teamResponse>;

export const TEAM_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;

/** Optional text: absent leaves it (PATCH), null or '' clears it. */
const optionalText = (max: number, label: string, single = true) =>
  (single ? line() : text()).trim().max(max, `${label} may not be longer than ${max} characters.`).nullish();

const teamFields = {
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(TEAM_NAME_MIN, `The name must be at least ${TEAM_NAME_MIN} characters.`)
    .max(TEAM_NAME_MAX, `The name may not be longer than ${TEAM_NAME_MAX} characters.`),
  kind: z.enum(TEAM_KINDS, { error: 'Choose team or client.' }),
  description: optionalText(TEAM_DESCRIPTION_MAX, 'The description', false),
  contact_name: optionalText(120, 'The contact name'),
  contact_email: z
    .string()
    .trim()
    .max(254, 'The email address is too long.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address.')
    .nullish(),
  contact_phone: optionalText(40, 'The phone number'),
};

/** POST organisation/{id}/teams; `kind` defaults to team. */
export const teamBody = z.object({ ...teamFields, kind: teamFields.kind.default('team') });
export type TeamBody = z.input<typeof teamBody>;

/** PATCH: any subset of the fields; an absent field stays as it is. */
export const teamPatchBody = z.object(teamFields).partial();
export type TeamPatchBody = z.input<typeof teamPatchBody>;

/** PUT organisation/{id}/teams/{team}/members: replaces the hiring team. */
export const teamMembersBody = z.object({
  user_ids: z.array(z.string(), { error: 'Give a list of user ids.' }).max(200, 'A hiring team may have at most 200 members.'),
});
export type TeamMembersBody = z.infer<typeof teamMembersBody>;
