import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One request a second at most, whatever the countdown says (spec section 9). */
const THROTTLE_MS = 1_000;

/**
 * What `send` answers: the code's expiredMinutes when one was sent; null when the server refused (the second is
 * spent, no countdown); undefined when nothing was asked of the server (the number was refused first).
 */
export type SendSmsCode = () => Promise<number | null | undefined>;

export interface SmsCodeSender {
  /** Seconds until another code may be asked for; 0 when one may. */
  countdown: number;
  sending: boolean;
  request: () => Promise<void>;
}

/**
 * The send-code state of a form: at most one request a second, none while one runs, and none for expiredMinutes x 60
 * seconds after one succeeded (spec section 4). The form owns it, so switching tabs does not reset the countdown.
 */
export function useSmsCodeSender(send: SendSmsCode): SmsCodeSender {
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const lastRequest = useRef(0);
  const latestSend = useRef(send);
  latestSend.current = send;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((seconds) => seconds - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const request = async () => {
    if (sending || countdown > 0 || Date.now() - lastRequest.current < THROTTLE_MS) return;
    const previousRequest = lastRequest.current;
    lastRequest.current = Date.now();
    setSending(true);
    try {
      const expiredMinutes = await latestSend.current();
      // A number refused before anything was sent does not use up the second: the corrected one goes at once.
      if (expiredMinutes === undefined) lastRequest.current = previousRequest;
      else if (expiredMinutes !== null) setCountdown(Math.max(1, Math.round(expiredMinutes * 60)));
    } finally {
      setSending(false);
    }
  };

  return { countdown, sending, request };
}

/** The send-code button of the mobile fields, showing the seconds left. `texts` names the modal's own translation keys. */
export function SmsCodeButton({ sender, testId, className = 'sms-send', texts = 'login' }: { sender: SmsCodeSender; testId: string; className?: string; texts?: 'login' | 'register' }) {
  const { t } = useTranslation();
  const { countdown, sending, request } = sender;
  return (
    <button type="button" className={`btn btn-ghost ${className}`} data-testid={testId} onClick={() => void request()} disabled={sending || countdown > 0}>
      {countdown > 0 ? t(`${texts}_sms_resend_in`, { seconds: countdown }) : t(`${texts}_sms_send`)}
    </button>
  );
}
