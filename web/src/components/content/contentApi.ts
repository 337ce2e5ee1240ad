/** The content calls of the client: the notices call (spec §7 "Notices") and the help centre. */
import type { UseCaseResponse, UseCases } from '@wps/contracts';
import { NOTICE_TYPES } from '@wps/contracts/shared-values';
import { useCases } from '../../useCases';
import { call } from '../../api';

export type HelpCentreAnswer = UseCaseResponse<UseCases['helpCentre']>;
export type HelpArticle = HelpCentreAnswer['categories'][number]['articles'][number];

export const contentApi = {
  /** Banners, player notices, popups, promotions and help notices for the language and the caller's audience. */
  notices: (language: string, withSession: boolean, signal?: AbortSignal) => call(useCases.notices, { types: NOTICE_TYPES.join(','), platform: 'W', language }, { signal, withSession }),
  /** The help centre in the language; with `search`, the articles holding its words. */
  helpCentre: (language: string, search: string, signal?: AbortSignal) => call(useCases.helpCentre, { language, search: search || undefined }, { signal }),
};
