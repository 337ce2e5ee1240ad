import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../validation';
import { Field } from '../Field';
import { SmsCodeButton, type SmsCodeSender } from './SmsCodeButton';

/** The demo brand is Mexican (spec section 1): its dialing code comes first. */
const DEFAULT_DIALING_CODE = '+52';

export interface MobileCodeValues {
  dialingCode: string;
  mobile: string;
  code: string;
}

export interface MobileCodeInputs {
  values: MobileCodeValues;
  change: (field: keyof MobileCodeValues, value: string) => void;
}

/** What the mobile fields hold, owned by the form so it survives switching tabs. */
export function useMobileCodeInputs(dialingCode = DEFAULT_DIALING_CODE, mobile = ''): MobileCodeInputs {
  const [values, setValues] = useState<MobileCodeValues>(() => ({ dialingCode, mobile, code: '' }));
  const change = useCallback((field: keyof MobileCodeValues, value: string) => setValues((current) => ({ ...current, [field]: value })), []);
  return { values, change };
}

/**
 * Dialing code and mobile number, then the SMS code with its send button: the fields of every sign-in or reset by
 * phone. The test ids stay the modal's own: `<testIdPrefix>-dialing-code`, `<testIdPrefix>-mobile`, and the two given.
 * `onEdited` tells the form which checked field the member changed, so it can clear that field's error.
 */
export function MobileCodeFields({
  testIdPrefix,
  codeTestId,
  sendTestId,
  inputs,
  errors,
  onEdited,
  placeholders,
  sender,
}: {
  testIdPrefix: string;
  codeTestId: string;
  sendTestId: string;
  inputs: MobileCodeInputs;
  errors: { mobile?: FieldError | null; code?: FieldError | null };
  onEdited: (field: 'mobile' | 'code') => void;
  placeholders?: { mobile?: string; code?: string };
  sender: SmsCodeSender;
}) {
  const { t } = useTranslation();
  const { values, change } = inputs;
  const edit = (field: 'mobile' | 'code') => (value: string) => {
    change(field, value);
    onEdited(field);
  };
  return (
    <>
      <div className="sms-phone-row">
        <Field
          label={t('login_dialing_code')}
          value={values.dialingCode}
          onValueChange={(value) => change('dialingCode', value)}
          testId={`${testIdPrefix}-dialing-code`}
          inputMode="tel"
          maxLength={5}
          className="sms-dial-input"
        />
        <Field
          label={t('login_mobile')}
          placeholder={placeholders?.mobile}
          value={values.mobile}
          onValueChange={edit('mobile')}
          error={errors.mobile}
          testId={`${testIdPrefix}-mobile`}
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          required
        />
      </div>
      <div className="sms-code-row">
        <Field
          label={t('login_sms_code')}
          placeholder={placeholders?.code}
          value={values.code}
          onValueChange={edit('code')}
          error={errors.code}
          testId={codeTestId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={255}
          required
        />
        <SmsCodeButton sender={sender} testId={sendTestId} />
      </div>
    </>
  );
}
