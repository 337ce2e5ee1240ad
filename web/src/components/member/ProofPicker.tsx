import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../Icons';
import { acceptProofFiles, PROOF_MAX_FILES, type PickedProof } from './proof';

interface ProofPickerProps {
  value: PickedProof[];
  onChange: (next: PickedProof[]) => void;
  testId: string;
  /** A message from the form (e.g. "at least one image"), shown when the picker has none of its own. */
  error?: string | null;
}

/** Picks up to three png/jpg images of at most 5MB each, checks them before anything is sent, and previews them. */
export function ProofPicker({ value, onChange, testId, error }: ProofPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    for (const proof of value) urls.current.add(proof.previewUrl);
  }, [value]);
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const { accepted, errorKey } = await acceptProofFiles(value, Array.from(files));
    setPickError(errorKey ? t(errorKey) : null);
    if (accepted.length) onChange([...value, ...accepted]);
    if (input.current) input.current.value = '';
  };

  const remove = (id: string) => {
    const proof = value.find((item) => item.id === id);
    if (proof) {
      URL.revokeObjectURL(proof.previewUrl);
      urls.current.delete(proof.previewUrl);
    }
    setPickError(null);
    onChange(value.filter((item) => item.id !== id));
  };

  const shownError = pickError ?? error ?? null;
  return (
    <div className="proof-picker">
      <div className="proof-grid">
        {value.map((proof, index) => (
          <figure key={proof.id} className="proof-thumb" data-testid={`${testId}-preview`}>
            <img src={proof.previewUrl} alt={t('proof_preview_alt', { n: index + 1 })} />
            <button type="button" className="proof-remove" onClick={() => remove(proof.id)} aria-label={t('proof_remove')} data-testid={`${testId}-remove`}>
              ×
            </button>
          </figure>
        ))}
        {value.length < PROOF_MAX_FILES && (
          <label className="proof-add">
            <input ref={input} type="file" accept="image/png,image/jpeg" multiple className="sr-only" data-testid={`${testId}-input`} onChange={(event) => void onFiles(event.target.files)} />
            <PlusIcon />
            <span>{t('proof_add')}</span>
          </label>
        )}
      </div>
      <p className="form-note">{t('proof_rules')}</p>
      {shownError && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {shownError}
        </p>
      )}
    </div>
  );
}
