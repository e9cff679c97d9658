import { z } from 'zod';

/** GET /healthz: 200 when the database answers, 503 (with a message) when it does not. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  message: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
