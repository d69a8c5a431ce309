import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
/** The columns Organisation Settings changes, through the organisations service (docs/architecture.md §6). */
export type OrganisationPatch = Partial<
  Pick<OrganisationRow, 'name' | 'slug' | 'website' | 'timezone' | 'logoUrl' | 'offerApprovalPolicy'>
>;

export function findOrganisation(db: Db, organisationId: string) {
  return db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]);
}

/** The row, locked until the transaction ends: concurrent changes to it queue behind this one. */
export function lockOrganisation(tx: Db, organisationId: string) {
  return tx
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
    .then((r) => r[0]);
}
