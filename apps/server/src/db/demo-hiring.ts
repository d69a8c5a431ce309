import { randomUUID } from 'node:crypto';
import type { CandidateSource, ConsentSource } from '@hireloop/contract/candidates';
import type { HiringTeamRole, RecruitmentState } from '@hireloop/contract/recruitments';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { candidateNotes, type activities, type applicationStageChanges, type applications, type candidates } from './schema/candidates.ts';
import { jobRoles } from './schema/job-roles.ts';
import { recruitmentStatuses } from './schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from './schema/recruitments.ts';

/**
 * The hiring core of the demo (docs/product.md §13): five recruitments of Northwind Labs (three open, one on
 * hold, one closed) with their hiring teams, and ~300 candidates moving through the pipeline over
 * the last ten weeks — a funnel (many applied, fewer further on, a few hired, rejections with
 * reasons), the stage history the analytics read, ratings, tags, consent, notes with mentions and
 * the activity timeline. Deterministic (a seeded generator; only the ids and `now` differ between
 * runs) and inserted in a few multi-row statements, so the first start stays fast.
 */

type Person = { id: string; name: string };
type People = Record<'dana' | 'marcus' | 'priya' | 'tom' | 'elena', Person>;

const DAY = 86_400_000;

/** mulberry32: a small, seeded pseudo-random generator (the demo never uses Math.random). */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** `items` weighted by the numbers beside them. */
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    let r = next() * items.reduce((n, [, w]) => n + w, 0);
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items.at(-1)![0];
  };
  const between = (min: number, max: number) => min + next() * (max - min);
  return { next, pick, weighted, between };
}

const FIRST_NAMES =
  'Ana Liam Sofia Noah Amara Mateo Yuki Oliver Fatima Lukas Chloé Arjun Emma Kwame Ingrid Diego Mei Jonas Aisha Felix Zara Hugo Leila Ethan Nadia Tomás Hana Samuel Priyanka Oscar Elif Marco Sara Daniel Ines Kofi Julia Ravi Astrid Mohammed Clara Jin Laura Emeka Freya Andrés Maya Nikolai Grace Omar Lena Kenji Isabel Tariq Eva Viktor Amélie Chidi Nora Rafael Siobhan Wei Paula Yusuf Marta Aleksander Beatriz Kai Rosa Adebayo'.split(
    ' ',
  );
const LAST_NAMES =
  'Silva Müller Okafor Nakamura Rossi García Kowalski Nguyen Johansson Patel Dubois Mensah Schmidt Haddad O’Brien Fernandes Chen Larsen Ahmed Novak Moreau Adeyemi Bianchi Kim Weber Santos Ivanova Murphy Yilmaz Lindqvist Costa Sato Hoffmann Mwangi Jansen Romero Ali Fischer Park Andersen Lopez Kaur Becker Osei Martin Petrov Alves Tanaka Wójcik Khan Dimitriou Eriksson Herrera Singh Vogel Mendes Byrne Abara Horvat Suzuki Castillo Nielsen Reyes Bauer Ibrahim Walsh Moretti'.split(
    ' ',
  );
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'inbox.example'] as const;
const LOCATIONS =
  'Berlin, Germany; London, United Kingdom; Lisbon, Portugal; Amsterdam, Netherlands; Warsaw, Poland; Madrid, Spain; Paris, France; Dublin, Ireland; Stockholm, Sweden; Munich, Germany; Manchester, United Kingdom; Barcelona, Spain; Milan, Italy; Prague, Czechia; Vienna, Austria; Copenhagen, Denmark; Lagos, Nigeria; Nairobi, Kenya; Bangalore, India; Toronto, Canada'.split(
    '; ',
  );
const SOURCES: readonly (readonly [CandidateSource, number])[] = [
  ['job_board', 34],
  ['careers_site', 27],
  ['referral', 14],
  ['sourced', 14],
  ['agency', 7],
  ['other', 4],
];
const CONSENT: Record<CandidateSource, ConsentSource> = {
  careers_site: 'application_form',
  job_board: 'application_form',
  referral: 'email',
  sourced: 'legitimate_interest',
  agency: 'email',
  imported: 'import',
  other: 'verbal',
};

/** Pipeline stages by name (the demo pipeline: Applied, Screening, Technical task, Interview, Offer, Hired, Rejected). */
type Stage = 'Applied' | 'Screening' | 'Technical task' | 'Interview' | 'Offer' | 'Hired';
/**
 * Days in a stage before the next step (at least `min`, then exponentially distributed around `mean`
 * more: most move on soon, some wait long, so open recruitments keep a realistic backlog), and the
 * chance that step is forward (otherwise a rejection).
 */
const STEP: Record<Exclude<Stage, 'Hired'>, { min: number; mean: number; forward: number }> = {
  Applied: { min: 0.3, mean: 11, forward: 0.5 },
  Screening: { min: 1, mean: 6, forward: 0.55 },
  'Technical task': { min: 2, mean: 5, forward: 0.6 },
  Interview: { min: 2, mean: 6, forward: 0.4 },
  Offer: { min: 1, mean: 3, forward: 0.75 },
};
const REASONS: Record<Exclude<Stage, 'Hired'>, readonly (readonly [string, number])[]> = {
  Applied: [
    ['Not qualified', 5],
    ['Not enough experience', 4],
    ['Salary expectations', 1],
    ['No response', 1],
  ],
  Screening: [
    ['Not enough experience', 3],
    ['Salary expectations', 3],
    ['No response', 2],
    ['Withdrew', 2],
  ],
  'Technical task': [
    ['Not qualified', 3],
    ['No response', 2],
    ['Withdrew', 1],
  ],
  Interview: [
    ['Culture add not there', 2],
    ['Not enough experience', 2],
    ['Accepted another offer', 2],
    ['Withdrew', 1],
  ],
  Offer: [
    ['Accepted another offer', 2],
    ['Salary expectations', 1],
  ],
};

type DemoRecruitment = {
  role: string;
  name: string;
  description: string;
  status: RecruitmentState;
  owner: keyof People;
  openings: number;
  /** Weeks ago it opened; for held and closed ones, weeks ago that happened. */
  openedWeeksAgo: number;
  endedWeeksAgo?: number;
  closeReason?: string;
  team: [keyof People, HiringTeamRole][];
  candidates: number;
  takeHome: boolean;
  tags: string[];
};

const DEMO_RECRUITMENTS: DemoRecruitment[] = [
  {
    role: 'Senior Backend Engineer',
    name: 'Senior Backend Engineer',
    description: 'Two seats in the routing team, Berlin or hybrid.',
    status: 'open',
    owner: 'priya',
    openings: 2,
    openedWeeksAgo: 10,
    team: [
      ['priya', 'recruiter'],
      ['tom', 'hiring_manager'],
      ['elena', 'interviewer'],
      ['dana', 'interviewer'],
    ],
    candidates: 100,
    takeHome: true,
    tags: ['typescript', 'postgres', 'go', 'kubernetes', 'on-call ok', 'relocation', 'visa needed', 'remote ok'],
  },
  {
    role: 'Product Designer',
    name: 'Product Designer',
    description: 'Warehouse tools; remote within Europe.',
    status: 'open',
    owner: 'marcus',
    openings: 1,
    openedWeeksAgo: 8,
    team: [
      ['marcus', 'hiring_manager'],
      ['priya', 'recruiter'],
      ['dana', 'interviewer'],
    ],
    candidates: 65,
    takeHome: true,
    tags: ['figma', 'design systems', 'research', 'strong portfolio', 'remote ok'],
  },
  {
    role: 'Customer Success Manager',
    name: 'Customer Success Manager',
    description: 'London office, retail accounts.',
    status: 'open',
    owner: 'priya',
    openings: 2,
    openedWeeksAgo: 6,
    team: [
      ['priya', 'recruiter'],
      ['tom', 'hiring_manager'],
    ],
    candidates: 60,
    takeHome: false,
    tags: ['retail', 'saas', 'b2b', 'german speaker', 'london based'],
  },
  {
    role: 'Frontend Developer',
    name: 'Frontend Developer',
    description: 'On hold while the platform team re-plans the quarter.',
    status: 'on_hold',
    owner: 'tom',
    openings: 1,
    openedWeeksAgo: 9,
    endedWeeksAgo: 3,
    team: [
      ['tom', 'hiring_manager'],
      ['elena', 'interviewer'],
      ['priya', 'recruiter'],
    ],
    candidates: 40,
    takeHome: true,
    tags: ['react', 'typescript', 'accessibility', 'junior', 'relocation'],
  },
  {
    role: 'Operations Intern',
    name: 'Operations Intern (spring intake)',
    description: 'Six-month paid internship.',
    status: 'closed',
    owner: 'dana',
    openings: 2,
    openedWeeksAgo: 10,
    endedWeeksAgo: 1,
    closeReason: 'The spring intake is complete.',
    team: [
      ['dana', 'hiring_manager'],
      ['marcus', 'coordinator'],
    ],
    candidates: 35,
    takeHome: false,
    tags: ['logistics', 'student', 'german speaker', 'excel'],
  },
];
/** People from the first recruitment who also applied to the fourth (a candidate in two recruitments). */
const REPEAT_APPLICANTS = 12;

const NOTES: { stage: Stage; author: keyof People; text: (mention: (p: keyof People) => string) => string; mentions: (keyof People)[] }[] =
  [
    {
      stage: 'Interview',
      author: 'tom',
      text: (m) => `Strong system design answers. ${m('elena')} can you take the pairing session?`,
      mentions: ['elena'],
    },
    {
      stage: 'Offer',
      author: 'priya',
      text: (m) => `Verbal yes on the package. ${m('dana')} please approve the start date.`,
      mentions: ['dana'],
    },
    { stage: 'Screening', author: 'priya', text: () => 'Notice period is three months; open to an earlier start.', mentions: [] },
    { stage: 'Technical task', author: 'elena', text: () => 'Task handed in early, clean tests, good commit messages.', mentions: [] },
    {
      stage: 'Interview',
      author: 'marcus',
      text: (m) => `Portfolio walkthrough went well. ${m('priya')} let's book the team chat.`,
      mentions: ['priya'],
    },
    { stage: 'Hired', author: 'dana', text: () => 'Signed. Welcome pack goes out on Monday.', mentions: [] },
    {
      stage: 'Screening',
      author: 'priya',
      text: (m) => `${m('tom')} relocating from Lisbon, needs no visa. Worth a call?`,
      mentions: ['tom'],
    },
    { stage: 'Interview', author: 'elena', text: () => 'Good debugging instincts; a bit quiet in the architecture part.', mentions: [] },
    { stage: 'Offer', author: 'tom', text: (m) => `Asked for 5% more. ${m('marcus')} is that within the band?`, mentions: ['marcus'] },
    { stage: 'Technical task', author: 'tom', text: () => 'Reminder sent; deadline is Friday.', mentions: [] },
    { stage: 'Screening', author: 'marcus', text: () => 'Referred by Elena; they worked together at a previous company.', mentions: [] },
    {
      stage: 'Interview',
      author: 'priya',
      text: (m) => `Feedback from ${m('tom')} and ${m('elena')} is in; both positive.`,
      mentions: ['tom', 'elena'],
    },
  ];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

/**
 * Inserts many rows in one statement with a single JSON parameter (`json_populate_recordset` with the
 * table's row type): far faster on the embedded database than thousands of bound parameters. Keys are
 * the schema's camelCase property names, written as the snake_case column names; columns absent from
 * every row keep their defaults.
 */
export async function insertJson(tx: Db, table: string, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const column = (k: string) => `"${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`;
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(keys.map((k) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), r[k] ?? null]))),
  );
  const list = sql.raw(keys.map(column).join(', '));
  await tx.execute(
    sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${json}::json)`,
  );
}

export async function seedDemoHiring(tx: Db, organisationId: string, people: People, now = new Date()) {
  const rand = generator(20_260_401);
  const nowMs = now.getTime();
  const roles = await tx
    .select({ id: jobRoles.id, name: jobRoles.name })
    .from(jobRoles)
    .where(
      and(
        eq(jobRoles.organisationId, organisationId),
        inArray(
          jobRoles.name,
          DEMO_RECRUITMENTS.map((r) => r.role),
        ),
      ),
    );
  const statuses = await tx
    .select({ id: recruitmentStatuses.id, name: recruitmentStatuses.name, category: recruitmentStatuses.category })
    .from(recruitmentStatuses)
    .where(eq(recruitmentStatuses.organisationId, organisationId))
    .orderBy(asc(recruitmentStatuses.position));
  const statusOf = (name: Stage) => {
    const s = statuses.find((x) => x.name === name);
    if (!s) throw new Error(`demo status ${name} missing`);
    return s;
  };

  // The people: unique names and e-mail addresses.
  const total = DEMO_RECRUITMENTS.reduce((n, r) => n + r.candidates, 0);
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const persons: { id: string; name: string; email: string; location: string; phone: string | null; links: string[] }[] = [];
  while (persons.length < total) {
    const name = `${rand.pick(FIRST_NAMES)} ${rand.pick(LAST_NAMES)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const [first, last] = name.split(' ').map(slug) as [string, string];
    let email = `${rand.pick([`${first}.${last}`, `${first}${last}`, `${first[0]}.${last}`, `${first}_${last}`])}@${rand.pick(EMAIL_DOMAINS)}`;
    while (usedEmails.has(email)) email = email.replace('@', `${Math.floor(rand.between(1, 99))}@`);
    usedEmails.add(email);
    const links = rand.next() < 0.6 ? [`https://linkedin.example/in/${first}-${last}`] : [];
    if (rand.next() < 0.25) links.push(`https://portfolio.example/${first}${last}`);
    persons.push({
      id: randomUUID(),
      name,
      email,
      location: rand.pick(LOCATIONS),
      phone: rand.next() < 0.5 ? `+44 7700 900${String(Math.floor(rand.between(0, 1000))).padStart(3, '0')}` : null,
      links,
    });
  }

  const recruitmentRows: (typeof recruitments.$inferInsert)[] = [];
  const memberRows: (typeof recruitmentMembers.$inferInsert)[] = [];
  const candidateRows = new Map<string, typeof candidates.$inferInsert>();
  const applicationRows: (typeof applications.$inferInsert)[] = [];
  const changeRows: (typeof applicationStageChanges.$inferInsert)[] = [];
  const activityRows: (typeof activities.$inferInsert)[] = [];
  const noteRows: (typeof candidateNotes.$inferInsert)[] = [];
  /** Applications per recruitment and stage they ended in, for the notes below. */
  const byStage: { applicationId: string; candidateId: string; recruitmentId: string; stage: Stage; at: number }[] = [];
  let next = 0;

  for (const [index, d] of DEMO_RECRUITMENTS.entries()) {
    const role = roles.find((r) => r.name === d.role);
    if (!role) throw new Error(`demo role ${d.role} missing`);
    const id = randomUUID();
    const openedAt = nowMs - d.openedWeeksAgo * 7 * DAY - rand.between(0, 2) * DAY;
    const endAt = d.endedWeeksAgo === undefined ? nowMs : nowMs - d.endedWeeksAgo * 7 * DAY;
    recruitmentRows.push({
      id,
      organisationId,
      roleId: role.id,
      name: d.name,
      description: d.description,
      status: d.status,
      ownerId: people[d.owner].id,
      openings: d.openings,
      targetDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)),
      openedAt: new Date(openedAt),
      closedAt: d.status === 'closed' ? new Date(endAt) : null,
      closeReason: d.closeReason ?? null,
      createdAt: new Date(openedAt),
      updatedAt: new Date(d.status === 'open' ? openedAt : endAt),
    });
    for (const [who, role] of d.team) memberRows.push({ recruitmentId: id, userId: people[who].id, role, createdAt: new Date(openedAt) });
    const recruiter = people[d.team.find(([, r]) => r === 'recruiter')?.[0] ?? d.owner];
    const manager = people[d.team.find(([, r]) => r === 'hiring_manager')?.[0] ?? d.owner];
    const path: Stage[] = d.takeHome
      ? ['Applied', 'Screening', 'Technical task', 'Interview', 'Offer', 'Hired']
      : ['Applied', 'Screening', 'Interview', 'Offer', 'Hired'];
    const applicants = persons.slice(next, next + d.candidates);
    next += d.candidates;
    if (index === 3) applicants.push(...persons.slice(0, REPEAT_APPLICANTS));
    let hires = 0;
    const columns = new Map<string, number>();

    for (const person of applicants) {
      const applicationId = randomUUID();
      const source = rand.weighted(SOURCES);
      // Applications come in over the whole time it was open, a little more in its first weeks.
      const appliedAt = openedAt + (endAt - openedAt) * rand.next() ** 1.15;
      const entry = { organisationId, candidateId: person.id, applicationId, recruitmentId: id };
      const inbound = source === 'careers_site' || source === 'job_board';
      const addedBy = inbound ? null : recruiter;
      activityRows.push({
        ...entry,
        actorUserId: addedBy?.id ?? null,
        actorName: addedBy?.name ?? (source === 'careers_site' ? 'Careers site' : 'Job board'),
        type: 'application.created',
        data: { recruitment: d.name, status: 'Applied' },
        createdAt: new Date(appliedAt),
      });
      changeRows.push({
        organisationId,
        applicationId,
        recruitmentId: id,
        fromStatusId: null,
        toStatusId: statusOf('Applied').id,
        movedById: addedBy?.id ?? null,
        movedAt: new Date(appliedAt),
      });

      let stage: Stage = 'Applied';
      let at = appliedAt;
      let rejectedAt: number | null = null;
      let reason: string | null = null;
      let rejectedBy: Person | null = null;
      let hiredAt: number | null = null;
      for (let step = 0; step < path.length - 1; step++) {
        const rule = STEP[stage as Exclude<Stage, 'Hired'>];
        const when = at + (rule.min - Math.log(1 - rand.next()) * rule.mean) * DAY;
        if (when > endAt) break;
        const by = step < 2 ? recruiter : manager;
        let forward = rand.next() < rule.forward;
        if (forward && path[step + 1] === 'Hired' && hires >= d.openings) forward = false;
        if (!forward) {
          rejectedAt = when;
          reason = rand.weighted(REASONS[stage as Exclude<Stage, 'Hired'>]);
          rejectedBy = by;
          activityRows.push({
            ...entry,
            actorUserId: by.id,
            actorName: by.name,
            type: 'application.rejected',
            data: { reason },
            createdAt: new Date(when),
          });
          break;
        }
        const to = path[step + 1]!;
        changeRows.push({
          organisationId,
          applicationId,
          recruitmentId: id,
          fromStatusId: statusOf(stage).id,
          toStatusId: statusOf(to).id,
          movedById: by.id,
          movedAt: new Date(when),
        });
        activityRows.push({
          ...entry,
          actorUserId: by.id,
          actorName: by.name,
          type: 'application.moved',
          data: { from: stage, to, from_id: statusOf(stage).id, to_id: statusOf(to).id },
          createdAt: new Date(when),
        });
        stage = to;
        at = when;
        if (to === 'Hired') {
          hires++;
          hiredAt = when;
          break;
        }
      }
      // A closed recruitment let everyone still in it go.
      if (d.status === 'closed' && rejectedAt === null && hiredAt === null) {
        rejectedAt = endAt;
        reason = 'Position filled';
        rejectedBy = people[d.owner];
        activityRows.push({
          ...entry,
          actorUserId: rejectedBy.id,
          actorName: rejectedBy.name,
          type: 'application.rejected',
          data: { reason },
          createdAt: new Date(endAt),
        });
      }
      const statusId = statusOf(stage).id;
      const column = (columns.get(statusId) ?? 0) + 1;
      columns.set(statusId, column);
      const later = path.indexOf(stage);
      const last = Math.max(at, rejectedAt ?? 0);
      applicationRows.push({
        id: applicationId,
        organisationId,
        candidateId: person.id,
        recruitmentId: id,
        statusId,
        boardPosition: column * 1024,
        rating:
          stage === 'Hired'
            ? rand.pick([4, 5])
            : later >= 1 && rand.next() < 0.8
              ? Math.min(5, Math.max(1, Math.round(rand.between(1.5, 3.5) + later * 0.4)))
              : null,
        source,
        tags: d.tags.filter(() => rand.next() < 0.18).slice(0, 3),
        rejectedAt: rejectedAt === null ? null : new Date(rejectedAt),
        rejectionReason: reason,
        rejectedById: rejectedBy?.id ?? null,
        stageEnteredAt: new Date(at),
        hiredAt: hiredAt === null ? null : new Date(hiredAt),
        version: 1 + later + (rejectedAt === null ? 0 : 1),
        appliedAt: new Date(appliedAt),
        createdAt: new Date(appliedAt),
        updatedAt: new Date(last),
      });
      byStage.push({ applicationId, candidateId: person.id, recruitmentId: id, stage, at });

      const known = candidateRows.get(person.id);
      if (known) {
        if (last > (known.lastActivityAt as Date).getTime()) known.lastActivityAt = new Date(last);
      } else {
        candidateRows.set(person.id, {
          id: person.id,
          organisationId,
          name: person.name,
          email: person.email,
          phone: person.phone,
          location: person.location,
          links: person.links,
          source,
          consentAt: new Date(appliedAt),
          consentSource: CONSENT[source],
          consentNote: source === 'sourced' ? 'Contacted on a professional network; informed of our privacy notice.' : null,
          lastActivityAt: new Date(last),
          createdById: addedBy?.id ?? null,
          createdAt: new Date(appliedAt),
          updatedAt: new Date(appliedAt),
        });
        activityRows.push({
          organisationId,
          candidateId: person.id,
          actorUserId: addedBy?.id ?? null,
          actorName: addedBy?.name ?? (source === 'careers_site' ? 'Careers site' : 'Job board'),
          type: 'candidate.created',
          data: { source },
          createdAt: new Date(appliedAt - 1000),
        });
      }
    }
  }

  // Notes on candidates further along, a few mentioning colleagues (`@[Name](user-id)`).
  const usedForNotes = new Set<string>();
  for (const n of NOTES) {
    const target = byStage.find((a) => a.stage === n.stage && !usedForNotes.has(a.applicationId));
    if (!target) continue;
    usedForNotes.add(target.applicationId);
    const author = people[n.author];
    const at = new Date(Math.min(nowMs, target.at + rand.between(0.1, 1) * DAY));
    noteRows.push({
      organisationId,
      candidateId: target.candidateId,
      applicationId: target.applicationId,
      authorId: author.id,
      body: n.text((p) => `@[${people[p].name}](${people[p].id})`),
      mentionedUserIds: n.mentions.map((p) => people[p].id),
      createdAt: at,
      updatedAt: at,
    });
    activityRows.push({
      organisationId,
      candidateId: target.candidateId,
      applicationId: target.applicationId,
      recruitmentId: target.recruitmentId,
      actorUserId: author.id,
      actorName: author.name,
      type: 'note.added',
      data: {},
      createdAt: at,
    });
  }

  await tx.insert(recruitments).values(recruitmentRows);
  await tx.insert(recruitmentMembers).values(memberRows);
  await insertJson(tx, 'candidates', [...candidateRows.values()]);
  await insertJson(tx, 'applications', applicationRows);
  await insertJson(tx, 'application_stage_changes', changeRows);
  await insertJson(tx, 'activities', activityRows);
  await tx.insert(candidateNotes).values(noteRows);
}
