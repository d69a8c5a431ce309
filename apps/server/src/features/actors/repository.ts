import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export function findUserName(db: Db, userId: string) {
  return db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]?.name);
}
