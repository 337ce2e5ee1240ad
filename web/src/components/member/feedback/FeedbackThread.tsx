import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_REPLY_MAX } from '@wps/contracts';
import { errorMessage } from '../../../api';
import { FormError } from '../../Field';
import { Modal } from '../../Modal';
import { formatDateTime } from '../common';
import { feedbackApi, type FeedbackDetail, type FeedbackImage, type FeedbackSummary } from './feedbackApi';

const STATUS_TONES: Record<FeedbackSummary['status'], string> = { open: 'warn', replied: 'ok', closed: 'info' };

export function FeedbackStatusBadge({ status }: { status: FeedbackSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge tone-${STATUS_TONES[status]}`} data-testid="feedback-status" data-status={status}>
      {t(`feedback_status_${status}`)}
    </span>
  );
}

function FollowUpForm({ feedbackId, onSent }: { feedbackId: string; onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('feedback_err_follow_up'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await feedbackApi.followUp(feedbackId, text);
      setText('');
      onSent();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form feedback-follow-up" onSubmit={(event) => void send(event)} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('feedback_follow_up')}</label>
        <textarea
          id={id}
          rows={3}
          maxLength={FEEDBACK_REPLY_MAX}
          placeholder={t('feedback_follow_up_placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="feedback-follow-up"
        />
        <span className="char-count">
          {text.length}/{FEEDBACK_REPLY_MAX}
        </span>
      </div>
      <FormError message={error} testId="feedback-follow-up-error" />
      <button type="submit" className="btn btn-outline btn-sm" disabled={busy} data-testid="feedback-follow-up-send">
        {t('feedback_follow_up_send')}
      </button>
    </form>
  );
}

/** One submission whole: its text, its images (enlarged on a tap) and the conversation with customer service. */
export function FeedbackThread({ feedback, onBack, onChanged }: { feedback: FeedbackDetail; onBack: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [zoomed, setZoomed] = useState<FeedbackImage | null>(null);

  return (
    <article className="feedback-detail" data-testid="feedback-detail" data-id={feedback.id}>
      <button type="button" className="link-button feedback-back" onClick={onBack} data-testid="feedback-back">
        <span className="flip-rtl" aria-hidden="true">
          ←
        </span>{' '}
        {t('feedback_back')}
      </button>
      <header className="feedback-detail-head">
        <h3>{t(`feedback_type_${feedback.type}`)}</h3>
        <FeedbackStatusBadge status={feedback.status} />
      </header>
      <p className="feedback-meta">{t('feedback_sent_at', { date: formatDateTime(feedback.createdAt, i18n.language) })}</p>
      <p className="feedback-text" data-testid="feedback-detail-content">
        {feedback.content}
      </p>
      {feedback.images.length > 0 && (
        <div className="feedback-images">
          {feedback.images.map((image) => (
            <button key={image.position} type="button" className="feedback-image" onClick={() => setZoomed(image)} data-testid="feedback-detail-image">
              <img src={image.dataUrl} width={image.width} height={image.height} alt={t('feedback_image_alt', { n: image.position })} />
            </button>
          ))}
        </div>
      )}

      <h3 className="feedback-thread-title">{t('feedback_conversation')}</h3>
      {feedback.replies.length === 0 ? (
        <p className="form-note" data-testid="feedback-no-replies">
          {t('feedback_no_replies')}
        </p>
      ) : (
        <ol className="feedback-thread" data-testid="feedback-thread">
          {feedback.replies.map((reply) => (
            <li key={reply.id} className={`feedback-message from-${reply.from}`} data-testid="feedback-message" data-from={reply.from}>
              <span className="feedback-message-who">{reply.from === 'operator' ? [t('feedback_operator'), reply.operatorName].filter(Boolean).join(' · ') : t('feedback_you')}</span>
              <p className="feedback-text">{reply.text}</p>
              <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, i18n.language)}</time>
            </li>
          ))}
        </ol>
      )}

      {feedback.status === 'closed' ? (
        <p className="form-note" data-testid="feedback-closed-note">
          {t('feedback_closed_note')}
        </p>
      ) : (
        <FollowUpForm feedbackId={feedback.id} onSent={onChanged} />
      )}

      {zoomed && (
        <Modal title={t('feedback_image_alt', { n: zoomed.position })} onClose={() => setZoomed(null)} testId="feedback-image-dialog">
          <img className="feedback-zoom" src={zoomed.dataUrl} width={zoomed.width} height={zoomed.height} alt={t('feedback_image_alt', { n: zoomed.position })} />
        </Modal>
      )}
    </article>
  );
}
