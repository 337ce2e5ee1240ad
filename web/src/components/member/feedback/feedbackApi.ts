import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, type Paged } from '../../../api';
import { toProofFiles, type PickedProof } from '../proof';

export type FeedbackSummary = UseCaseResponse<UseCases['feedbackList']>['list'][number];
export type FeedbackDetail = UseCaseResponse<UseCases['feedbackDetail']>;
export type FeedbackReply = FeedbackDetail['replies'][number];
export type FeedbackImage = FeedbackDetail['images'][number];
export type FeedbackSubmission = UseCaseRequest<UseCases['submitFeedback']>;

export const FEEDBACK_PAGE_SIZE = 10;

/** The member's feedback calls. */
export const feedbackApi = {
  submit: (submission: FeedbackSubmission) => call(useCases.submitFeedback, submission),
  /** A page of the member's submissions, in the shape the member centre's lists page through. */
  page: async (pageNo: number): Promise<Paged<FeedbackSummary>> => {
    const page = await call(useCases.feedbackList, { pageNo, pageSize: FEEDBACK_PAGE_SIZE });
    return { content: page.list, pageNum: page.pageNo, totalPages: page.totalPages, total: page.total };
  },
  detail: (feedbackId: string) => call(useCases.feedbackDetail, { feedbackId }),
  followUp: (feedbackId: string, text: string) => call(useCases.feedbackFollowUp, { feedbackId, text }),
};

/** The picked images as data URLs, each declaring the type its first bytes showed. */
export async function toImageDataUrls(picked: readonly PickedProof[]): Promise<string[]> {
  return (await toProofFiles(picked)).map((file) => `data:${file.contentType};base64,${file.dataBase64}`);
}
