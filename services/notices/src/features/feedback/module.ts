import { consumeBatches, eachEvent } from '@wps/platform';
import type { NoticesDeps, NoticesModule } from '../module.js';
import { isDemoPlayer, seedDemoFeedback } from './demo.js';
import { FeedbackDesk } from './submissions.js';

const DEMO_FEEDBACK = 'notices.feedback-demo';

/** Feedback and complaints: members' submissions, the operators' answers, and the demo player's submissions. */
export function createFeedbackModule(
  deps: NoticesDeps,
): NoticesModule<'submitFeedback' | 'listFeedback' | 'getFeedback' | 'followUpFeedback' | 'operatorListFeedback' | 'operatorGetFeedback' | 'operatorReplyFeedback' | 'operatorCloseFeedback'> {
  const desk = new FeedbackDesk(deps);

  return {
    handlers: {
      submitFeedback: (input) => desk.submit(input),
      listFeedback: (input) => desk.list(input),
      getFeedback: (input) => desk.detail(input),
      followUpFeedback: (input) => desk.followUp(input),
      operatorListFeedback: (input) => desk.operatorList(input),
      operatorGetFeedback: (input) => desk.operatorDetail(input),
      operatorReplyFeedback: (input) => desk.operatorReply(input),
      operatorCloseFeedback: (input) => desk.operatorClose(input),
    },
    async start() {
      if (!deps.config.SEED_DEMO) return [];
      return [
        await consumeBatches(
          { db: deps.db, bus: deps.bus },
          { schema: 'notices', group: DEMO_FEEDBACK, type: 'member.registered', relevant: isDemoPlayer, handle: eachEvent((tx, member) => seedDemoFeedback(tx, deps.files, member)) },
        ),
      ];
    },
  };
}
