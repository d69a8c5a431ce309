import { onboardingOperations as onboardingOps } from '@hireloop/contract/operations/onboardings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { activities, applications, candidateNotes, candidates } from '../src/db/schema/candidates.ts';
import { hires } from '../src/db/schema/onboarding.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox, storedFiles } from '../src/db/schema/outbox.ts';
import { enqueueMail } from '../src/features/mail/service.ts';
import { applyCandidateRetention } from '../src/jobs/candidate-retention.ts';
import { documents, seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectStatus } from './operations.ts';
import { upload } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let quietOrg: { id: string };
let ownerClient: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  quietOrg = await createOrganisation(t, await createUser(t));
  ownerClient = await signIn(t, owner);
  pipeline = await seedPipeline(t, org.id);
  await t.database.db
    .update(organisations)
    .set({ candidateRetentionMonths: 12, products: ['onboarding'] })
    .where(eq(organisations.id, org.id));
});
afterAll(async () => t.close());

const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};

describe('candidate retention', () => {
  it('erases candidates inactive longer than the organisation’s period, except those in an open recruitment; audits once per organisation', async () => {
    const db = t.database.db;
    const open = await pipeline.recruitment('Still hiring');
    const closed = await pipeline.recruitment('Done hiring', 'closed');
    const status = pipeline.statuses[0]!.id;
    const stale = await seedCandidate(t, org.id, status, { name: 'Stale Sam', email: 'sam@example.test', lastActivityAt: monthsAgo(13) }, [
      closed.id,
    ]);
    const staleNoApp = await seedCandidate(t, org.id, status, { name: 'Lonely Lou', lastActivityAt: monthsAgo(30) });
    const staleButOpen = await seedCandidate(t, org.id, status, { name: 'Open Olga', lastActivityAt: monthsAgo(20) }, [open.id, closed.id]);
    const recent = await seedCandidate(t, org.id, status, { name: 'Recent Rita', lastActivityAt: monthsAgo(11) }, [closed.id]);
    // Another organisation keeps the default 24 months.
    const otherStatus = (await seedPipeline(t, quietOrg.id)).statuses[0]!.id;
    const otherOrgs = await seedCandidate(t, quietOrg.id, otherStatus, { name: 'Kept Kim', lastActivityAt: monthsAgo(13) });

    const note = await ownerClient.post(`organisation/${org.id}/candidates/${stale.candidate.id}/notes`, { body: 'Stale Sam was good' });
    expect(note.status).toBe(201);
    const file = await upload(ownerClient, `organisation/${org.id}/candidates/${stale.candidate.id}/files`, 'file', {
      bytes: documents.pdf(),
      filename: 'sam.pdf',
      type: 'application/pdf',
    });
    expect(file.status).toBe(201);
    // In onboarding, with a document uploaded (erased with them: the hire, its documents, their files).
    const inOrg = { organisationId: org.id };
    const { hire } = await expectStatus(ownerClient, onboardingOps.createHire, 201, {
      params: inOrg,
      body: { candidate_id: stale.candidate.id, role_id: pipeline.role.id },
    });
    const { document } = await expectStatus(ownerClient, onboardingOps.createDocument, 201, {
      params: { ...inOrg, hireId: hire.id },
      body: { name: 'Passport copy' },
    });
    const passport = await upload(ownerClient, `organisation/${org.id}/hires/${hire.id}/documents/${document.id}/file`, 'file', {
      bytes: documents.pdf(),
      filename: 'sam-passport.pdf',
      type: 'application/pdf',
    });
    expect(passport.status, passport.text).toBe(200);
    const [passportRow] = await db.select().from(storedFiles).where(eq(storedFiles.filename, 'sam-passport.pdf'));
    // Mail to them, delivered or not, and a colleague's mail naming them.
    await enqueueMail(db, { to: 'sam@example.test', subject: 'Hello Sam', text: 'Hello Stale Sam.' }, { candidateId: stale.candidate.id });
    await enqueueMail(
      db,
      { to: 'colleague@example.test', subject: 'About Stale Sam', text: 'Stale Sam.' },
      { candidateId: stale.candidate.id },
    );
    await enqueueMail(db, { to: 'kim@example.test', subject: 'Hello Kim', text: 'Kept.' }, { candidateId: otherOrgs.candidate.id });
    // The note and upload counted as activity; make the person stale again.
    await db
      .update(candidates)
      .set({ lastActivityAt: monthsAgo(13) })
      .where(eq(candidates.id, stale.candidate.id));

    const discarded: string[] = [];
    const erased = await applyCandidateRetention(db, { discard: async (keys) => void discarded.push(...keys) });
    expect(erased).toBe(2);
    // The bytes go after the commit.
    expect(discarded).toEqual([`candidates/${org.id}/${stale.candidate.id}/${file.json.file.id}.pdf`, passportRow!.key]);
    const rows = new Map((await db.select().from(candidates)).map((c) => [c.id, c]));
    expect(rows.get(stale.candidate.id)).toMatchObject({ name: 'Erased candidate', email: null });
    expect(rows.get(stale.candidate.id)!.erasedAt).toBeInstanceOf(Date);
    expect(rows.get(staleNoApp.candidate.id)!.erasedAt).toBeInstanceOf(Date);
    for (const kept of [staleButOpen, recent, otherOrgs]) expect(rows.get(kept.candidate.id)!.erasedAt).toBeNull();
    expect(await db.select().from(candidateNotes).where(eq(candidateNotes.candidateId, stale.candidate.id))).toEqual([]);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.filename, 'sam.pdf'))).toEqual([]);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.filename, 'sam-passport.pdf'))).toEqual([]);
    expect(await db.select().from(hires).where(eq(hires.candidateId, stale.candidate.id))).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.candidateId, stale.candidate.id))).toHaveLength(1);
    expect((await db.select().from(outbox)).map((j) => (j.payload as { to: string }).to)).toEqual(['kim@example.test']);
    const timeline = await db.select().from(activities).where(eq(activities.candidateId, stale.candidate.id));
    expect(timeline.find((a) => a.type === 'candidate.erased')).toMatchObject({
      actorName: 'Retention policy',
      actorUserId: null,
      data: { reason: 'retention' },
    });

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'candidate.retention_applied')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorName: 'Retention policy',
      targetType: 'organisation',
      after: { erased: 2, retention_months: 12 },
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.organisationId, quietOrg.id))).toEqual([]);

    // A second pass finds nothing more and writes no entry.
    expect(await applyCandidateRetention(db, { discard: async () => undefined })).toBe(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'candidate.retention_applied'))).toHaveLength(1);
  });
});
