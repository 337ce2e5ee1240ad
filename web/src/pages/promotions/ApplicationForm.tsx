import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMOTION_COMMENT_MAX } from '@wps/contracts';
import { errorMessage } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { showToast } from '../../state/ui';
import { FormError } from '../../components/Field';
import { ProofPicker } from '../../components/member/ProofPicker';
import type { PickedProof } from '../../components/member/proof';
import { toImageDataUrls } from '../../components/member/feedback/feedbackApi';
import type { PromotionCardValue } from './promotionsState';
import { promotionsApi } from './promotionsApi';
import { useSettleAction } from './actions';

/**
 * Applying to an activity (spec §5): a comment of up to 140 characters with a live count, and up to 3 png or jpg
 * images of at most 5MB each, checked and previewed before anything is sent; problems are said in words.
 */
export function ApplicationForm({ card }: { card: Extract<PromotionCardValue, { kind: 'application' }> }) {
  const { t } = useTranslation();
  const id = useId();
  const runAction = useIdempotentAction();
  const settle = useSettleAction();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<PickedProof[]>([]);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = [...comment].length;
  const required = card.terms.imagesRequired;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const tooLong = length > PROMOTION_COMMENT_MAX ? t('promo_apply_comment_too_long', { max: PROMOTION_COMMENT_MAX }) : null;
    const missing = images.length < required ? t('promo_apply_images_required', { count: required }) : null;
    setCommentError(tooLong);
    setImagesError(missing);
    if (tooLong || missing) return;
    setBusy(true);
    try {
      const body = { comment: comment.trim(), images: await toImageDataUrls(images) };
      const answer = await runAction({ promotionId: card.promotionId, comment: body.comment, images: images.map((image) => image.id) }, (key) => promotionsApi.apply(card.promotionId, body, key));
      settle(answer);
      showToast(t('promo_applied_toast'));
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form promo-apply" onSubmit={(event) => void submit(event)} noValidate data-testid="promo-apply-form">
      <h3 className="promo-apply-title">{t('promo_apply_title')}</h3>
      <div className={`field${commentError ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-comment`}>{t('promo_apply_comment')}</label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={PROMOTION_COMMENT_MAX}
          placeholder={t('promo_apply_comment_placeholder')}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setCommentError(null);
          }}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${id}-count`}
          data-testid="promo-apply-comment"
        />
        <span id={`${id}-count`} className={`char-count${length > PROMOTION_COMMENT_MAX ? ' promo-count-out' : ''}`} aria-live="polite" data-testid="promo-apply-count" data-count={length}>
          {t('promo_apply_count', { count: length, max: PROMOTION_COMMENT_MAX })}
        </span>
        {commentError && (
          <p className="field-error" role="alert" data-testid="promo-apply-comment-error">
            {commentError}
          </p>
        )}
      </div>
      <div className="field">
        <span className="promo-apply-label">
          {required > 0 && <span className="required-mark">*</span>}
          {t('promo_apply_images')}
        </span>
        <ProofPicker
          value={images}
          onChange={(next) => {
            setImages(next);
            setImagesError(null);
          }}
          error={imagesError}
          testId="promo-apply-images"
        />
      </div>
      <FormError message={formError} testId="promo-apply-error" />
      <button type="submit" className="btn btn-primary promo-detail-action" disabled={busy} data-testid="promo-apply-submit">
        {busy ? t('promo_apply_sending') : t('promo_apply_submit')}
      </button>
    </form>
  );
}
