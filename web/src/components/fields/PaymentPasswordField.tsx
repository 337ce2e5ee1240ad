import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../validation';
import { Field } from '../Field';

/**
 * A payment password input (6 - 20 characters): the one a money movement asks for (withdraw, transfer), never
 * remembered by the browser, or with `choosing` a new one being set.
 */
export function PaymentPasswordField({
  value,
  onValueChange,
  error,
  testId,
  choosing,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: FieldError | null;
  testId: string;
  /** A new password and its label: the browser may offer to generate and store it. */
  choosing?: { label: string; placeholder?: string };
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={choosing?.label ?? t('paypass_label')}
      placeholder={choosing?.placeholder}
      type="password"
      autoComplete={choosing ? 'new-password' : 'off'}
      value={value}
      onValueChange={onValueChange}
      error={error}
      testId={testId}
      required
      maxLength={20}
    />
  );
}
