import { applications, candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import type { TestApp } from './harness.ts';

/** A pipeline, a job role and recruitments of the organisation, written straight to the database. */
export async function seedPipeline(t: TestApp, organisationId: string) {
  const db = t.database.db;
  const statuses = await db
    .insert(recruitmentStatuses)
    .values(
      [
        { name: 'Applied', category: 'in_progress' },
        { name: 'Screen', category: 'in_progress' },
        { name: 'Hired', category: 'hired' },
        { name: 'Rejected', category: 'rejected' },
      ].map((s, i) => ({ organisationId, ...s, position: i + 1 })),
    )
    .returning();
  const [role] = await db.insert(jobRoles).values({ organisationId, name: 'Engineer', status: 'open' }).returning();
  const recruitment = async (name: string, status = 'open') => {
    const [r] = await db.insert(recruitments).values({ organisationId, roleId: role!.id, name, status }).returning();
    return r!;
  };
  return { statuses, role: role!, recruitment };
}

let seq = 0;

/** A person, optionally with applications to the given recruitments (first status). */
export async function seedCandidate(
  t: TestApp,
  organisationId: string,
  statusId: string,
  attrs: Partial<typeof candidates.$inferInsert> = {},
  recruitmentIds: string[] = [],
) {
  const db = t.database.db;
  const n = ++seq;
  const [candidate] = await db
    .insert(candidates)
    .values({ organisationId, name: `Person ${n}`, email: `person-${n}-${Date.now().toString(36)}@example.test`, ...attrs })
    .returning();
  const apps = [];
  for (const recruitmentId of recruitmentIds) {
    const [a] = await db
      .insert(applications)
      .values({ organisationId, candidateId: candidate!.id, recruitmentId, statusId, boardPosition: n })
      .returning();
    apps.push(a!);
  }
  return { candidate: candidate!, applications: apps };
}

/** Minimal documents, recognised by their first bytes. */
export const documents = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  doc: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0)]),
  zipWith: (...names: string[]) => Buffer.concat(names.map(zipEntry)),
};

/** A stored (uncompressed, empty) ZIP local file entry named `name`. */
function zipEntry(name: string) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1')]);
}
