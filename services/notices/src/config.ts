import { z } from 'zod';
import { envBoolean } from '@wps/platform';

export const noticesEnv = {
  /** Fills the demo brand's notices, banners, popups, help centre, inbox, chat and feedback (`npm start` turns it on). */
  SEED_DEMO: envBoolean(false),
  /**
   * Where uploaded images are kept: the data folder in embedded mode, a directory every notices process shares in a
   * cluster (a mounted volume). Without it, a fresh temporary directory of this process.
   */
  FILE_STORE_DIR: z.string().optional(),
  /**
   * Identity's internal URL (cluster mode), where the inbox catches up on members whose registration it never heard
   * of; the embedded host connects identity in process instead. Without it (or SERVICE_TOKEN) there is no catch-up.
   */
  IDENTITY_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
};
export type NoticesConfig = z.infer<z.ZodObject<typeof noticesEnv>>;
