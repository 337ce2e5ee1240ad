import { PUBLIC_FILE_AREAS } from '@wps/contracts';
import type { NoticesDeps, NoticesModule } from './module.js';

/** Public images for the gateway to serve; other areas (feedback attachments) are answered by their own calls only. */
export function createFilesModule(deps: NoticesDeps): NoticesModule<'getPublicFile'> {
  return {
    handlers: {
      async getPublicFile({ key }) {
        const area = key.slice(0, key.indexOf('/'));
        if (!(PUBLIC_FILE_AREAS as readonly string[]).includes(area)) return null;
        const file = await deps.files.get(key);
        return file ? { contentType: file.contentType, base64: file.bytes.toString('base64') } : null;
      },
    },
    async start() {
      return [];
    },
  };
}
