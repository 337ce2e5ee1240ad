import { z } from 'zod';

/** Areas whose images anyone may load (banners, popups, help articles); feedback attachments are never public. */
export const PUBLIC_FILE_AREAS = ['content'] as const;

/** A stored image as the notices service hands it to the gateway. */
export const storedImageSchema = z.object({ contentType: z.string(), base64: z.string() });

/** The public files of the notices service. */
export const noticesFilesRpcMethods = {
  /** A public image by its key (`content/<name>.png`); null when there is none or the area is not public. */
  getPublicFile: {
    input: z.object({ key: z.string().max(120) }),
    output: storedImageSchema.nullable(),
  },
};
