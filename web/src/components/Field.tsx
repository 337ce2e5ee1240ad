import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../validation';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: FieldError | null;
  testId: string;
}

export function Field({ label, value, onValueChange, error, testId, required, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {required && <span className="required-mark">*</span>}
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error" data-testid={`${testId}-error`} role="alert">
          {t(error.key, error.params)}
        </p>
      )}
    </div>
  );
}

export function FormError({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div className="form-error" data-testid={testId} role="alert">
      {message}
    </div>
  );
}
