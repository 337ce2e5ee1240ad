import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { decimalIdSchema } from './ids.js';

/** Lengths the lobby marquee and its dialog can show; longer text belongs in a notice. */
export const GAME_ANNOUNCEMENT_TITLE_MAX = 120;
export const GAME_ANNOUNCEMENT_CONTENT_MAX = 2_000;
/** How many announcements a brand may hold at once, so the public list stays one short page. */
export const GAME_ANNOUNCEMENTS_PER_BRAND_MAX = 50;

const text = (max: number) => z.string().trim().min(1).max(max);
/** Text per interface language; EN is the fallback for every other language, so it is required. */
const perLanguage = (max: number) => z.strictObject({ EN: text(max), ES: text(max).optional() });

/** The body of `POST /operator/v1/merchants/:code/game-announcements`. */
export const gameAnnouncementBodySchema = z.strictObject({
  titles: perLanguage(GAME_ANNOUNCEMENT_TITLE_MAX),
  contents: perLanguage(GAME_ANNOUNCEMENT_CONTENT_MAX),
});
export type GameAnnouncementBody = z.infer<typeof gameAnnouncementBodySchema>;

/** An announcement as the operator sees it: every language, and whether it belongs to this brand or to all. */
export const operatorGameAnnouncementSchema = z.object({
  id: z.string(),
  merchantCode: z.string().nullable(),
  titles: z.record(z.string(), z.string()),
  contents: z.record(z.string(), z.string()),
  publishedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type OperatorGameAnnouncement = z.infer<typeof operatorGameAnnouncementSchema>;

/** The operator's calls on game announcements; the games service spreads them into its contract. */
export const gameAnnouncementsAdminRpc = defineRpc({
  /** The brand's own announcements and the ones every brand shows, newest first. */
  operatorListGameAnnouncements: {
    input: z.object({ merchantCode: z.string() }),
    output: z.object({ list: z.array(operatorGameAnnouncementSchema) }),
  },
  operatorCreateGameAnnouncement: {
    input: gameAnnouncementBodySchema.extend({ merchantCode: z.string(), operator: z.string() }),
    output: operatorGameAnnouncementSchema,
  },
  /** Only the brand's own announcements: one every brand shows is not this brand's to remove (404). */
  operatorDeleteGameAnnouncement: {
    input: z.object({ merchantCode: z.string(), id: decimalIdSchema }),
    output: z.object({ id: z.string(), deleted: z.literal(true) }),
  },
});
