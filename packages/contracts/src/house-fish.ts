import { z } from 'zod';

/**
 * FISH's player API body (issue 6): one shot = one solo round of the house vendor. The kind is checked by the house
 * service against the published kinds, so an unknown kind gets its own clear code rather than a generic validation
 * failure. The mapping itself lives in ./fairness-fish.ts, shared with the browser.
 */
export const fishShotBodySchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount such as "1.00"'),
  kind: z.string().trim().min(1).max(40),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type FishShotBody = z.infer<typeof fishShotBodySchema>;
