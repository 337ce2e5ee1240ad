import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countWords, FEEDBACK_CONTENT_CHARS_MAX, FEEDBACK_TYPES, FEEDBACK_WORDS_MAX, FEEDBACK_WORDS_MIN, type FeedbackType } from '@wps/contracts';
import { errorMessage } from '../../../api';
import { useNotices } from '../../../state/ui';
import { FormError } from '../../Field';
import { ProofPicker } from '../ProofPicker';
import type { PickedProof } from '../proof';
import { feedbackApi, toImageDataUrls } from './feedbackApi';

const LIMITS = { min: FEEDBACK_WORDS_MIN, max: FEEDBACK_WORDS_MAX };

/** A new submission: what it is about, the text (with a live word count against the limits) and up to 3 images. */
export function FeedbackForm({ onSent }: { onSent: (id: string) => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const id = useId();
  const [type, setType] = useState<FeedbackType | ''>('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedProof[]>([]);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const words = countWords(content);
  const wordsOk = words >= FEEDBACK_WORDS_MIN && words <= FEEDBACK_WORDS_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const typeProblem = type ? null : t('feedback_err_type');
    const contentProblem = wordsOk ? null : t('feedback_err_words', LIMITS);
    setTypeError(typeProblem);
    setContentError(contentProblem);
    if (typeProblem || contentProblem || !type) return;
    setBusy(true);
    try {
      const sent = await feedbackApi.submit({ type, content, images: await toImageDataUrls(images) });
      showToast(t('feedback_sent'));
      setType('');
      setContent('');
      setImages([]);
      onSent(sent.id);
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form feedback-form" onSubmit={(event) => void submit(event)} noValidate data-testid="feedback-form">
      <p className="form-note">{t('feedback_intro')}</p>
      <div className={`field${typeError ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-type`}>
          <span className="required-mark">*</span>
          {t('feedback_type')}
        </label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(event) => {
            setType(event.target.value as FeedbackType | '');
            setTypeError(null);
          }}
          aria-invalid={typeError ? true : undefined}
          data-testid="feedback-type"
        >
          <option value="" disabled>
            {t('feedback_type_choose')}
          </option>
          {FEEDBACK_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`feedback_type_${option}`)}
            </option>
          ))}
        </select>
        {typeError && (
          <p className="field-error" role="alert" data-testid="feedback-type-error">
            {typeError}
          </p>
        )}
      </div>
      <div className={`field${contentError ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-content`}>
          <span className="required-mark">*</span>
          {t('feedback_content')}
        </label>
        <textarea
          id={`${id}-content`}
          rows={6}
          maxLength={FEEDBACK_CONTENT_CHARS_MAX}
          placeholder={t('feedback_content_placeholder')}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            setContentError(null);
          }}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${id}-count`}
          data-testid="feedback-content"
        />
        <span id={`${id}-count`} className={`char-count${content && !wordsOk ? ' feedback-count-out' : ''}`} aria-live="polite" data-testid="feedback-word-count" data-words={words}>
          {t('feedback_word_count', { count: words, ...LIMITS })}
        </span>
        {contentError && (
          <p className="field-error" role="alert" data-testid="feedback-content-error">
            {contentError}
          </p>
        )}
      </div>
      <div className="field">
        <span className="feedback-label">{t('feedback_images')}</span>
        <ProofPicker value={images} onChange={setImages} testId="feedback-images" />
      </div>
      <FormError message={formError} testId="feedback-form-error" />
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="feedback-submit">
        {busy ? t('feedback_sending') : t('feedback_submit')}
      </button>
    </form>
  );
}
