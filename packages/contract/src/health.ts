import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  /** `managed`: the PostgreSQL server the app runs itself in DATA_DIR; `postgres`: the one DATABASE_URL names. */
  database: z.enum(['managed', 'postgres']),
  uptime_s: z.number(),
});
