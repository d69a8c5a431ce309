import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerLetterTemplates } from '../../db/schema/interviews.ts';

export async function findTemplate(db: Db, organisationId: string) {
  const [row] = await db.select().from(offerLetterTemplates).where(eq(offerLetterTemplates.organisationId, organisationId));
  return row ?? null;
}

export async function upsertTemplate(db: Db, organisationId: string, body: string) {
  const [row] = await db
    .insert(offerLetterTemplates)
    .values({ organisationId, body })
    .onConflictDoUpdate({ target: offerLetterTemplates.organisationId, set: { body, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
