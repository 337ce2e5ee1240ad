import { z } from 'zod';
import { envBoolean } from '@wps/platform';

export const noticesEnv = {
  /** Fills the demo brand's notices, banners, popups, help centre, inbox, chat and feedback (`npm start` turns it on). */
  SEED_DEMO: envBoolean(false),
};
export type NoticesConfig = z.infer<z.ZodObject<typeof noticesEnv>>;
