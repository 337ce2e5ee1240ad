import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One request a second at most, whatever the countdown says (spec section 9). */
const THROTTLE_MS = 1_000;

/**
 * The send-code button of the mobile fields: disabled while a request runs and for expiredMinutes x 60 seconds after
 * one succeeded (spec section 4), showing the seconds left.
 */
export function SmsCodeButton({ send, testId }: { send: () => Promise<number | null | undefined>; testId: string }) {
  const { t } = useTranslation();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const lastRequest = useRef(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((seconds) => seconds - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const onClick = async () => {
    if (sending || countdown > 0 || Date.now() - lastRequest.current < THROTTLE_MS) return;
    const previousRequest = lastRequest.current;
    lastRequest.current = Date.now();
    setSending(true);
    try {
      const expiredMinutes = await send();
      // A number refused before anything was sent does not use up the second: the corrected one goes at once.
      if (expiredMinutes === undefined) lastRequest.current = previousRequest;
      else if (expiredMinutes !== null) setCountdown(Math.max(1, Math.round(expiredMinutes * 60)));
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className="btn btn-ghost register-sms-send" data-testid={testId} onClick={() => void onClick()} disabled={sending || countdown > 0}>
      {countdown > 0 ? t('register_sms_resend_in', { seconds: countdown }) : t('register_sms_send')}
    </button>
  );
}
