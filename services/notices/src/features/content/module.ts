import type { NoticesDeps, NoticesModule } from '../module.js';
import { HelpCentreContent } from './help.js';
import { Notices } from './notices.js';
import { seedDemoContent } from './seed.js';

type ContentMethods =
  | 'getNotices'
  | 'getHelpCentre'
  | 'operatorListNotices'
  | 'operatorCreateNotice'
  | 'operatorUpdateNotice'
  | 'operatorDeleteNotice'
  | 'operatorUploadContentImage'
  | 'operatorHelpCentre'
  | 'operatorCreateHelpCategory'
  | 'operatorUpdateHelpCategory'
  | 'operatorDeleteHelpCategory'
  | 'operatorCreateHelpArticle'
  | 'operatorUpdateHelpArticle'
  | 'operatorDeleteHelpArticle'
  | 'operatorSetLicence';

/**
 * The brand's content: the notices call (banners, player notices, popups, promotions, help notices), the help centre
 * with its licence, the operator's calls that write them, and the demo brand's content.
 */
export function createContentModule(deps: NoticesDeps): NoticesModule<ContentMethods> {
  const notices = new Notices(deps);
  const help = new HelpCentreContent(deps);
  return {
    handlers: {
      getNotices: (input) => notices.notices(input),
      getHelpCentre: (input) => help.helpCentre(input),
      operatorListNotices: (input) => notices.list(input),
      operatorCreateNotice: (input) => notices.create(input),
      operatorUpdateNotice: (input) => notices.update(input),
      operatorDeleteNotice: (input) => notices.delete(input),
      operatorUploadContentImage: (input) => notices.upload(input),
      operatorHelpCentre: (input) => help.operatorHelpCentre(input),
      operatorCreateHelpCategory: (input) => help.createCategory(input),
      operatorUpdateHelpCategory: (input) => help.updateCategory(input),
      operatorDeleteHelpCategory: (input) => help.deleteCategory(input),
      operatorCreateHelpArticle: (input) => help.createArticle(input),
      operatorUpdateHelpArticle: (input) => help.updateArticle(input),
      operatorDeleteHelpArticle: (input) => help.deleteArticle(input),
      operatorSetLicence: (input) => help.setLicence(input),
    },
    async start() {
      if (deps.config.SEED_DEMO) {
        const started = Date.now();
        const seeded = await seedDemoContent(deps);
        if (seeded) deps.logger.info({ ...seeded, ms: Date.now() - started }, 'demo content seeded');
      }
      return [];
    },
  };
}
