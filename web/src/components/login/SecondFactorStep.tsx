import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { Field, FormError } from '../Field';
import { SecondFactorQr } from './SecondFactorQr';
import { secondFactorApi, type NewIpMethod, type TwoFactorSetup } from './SecondFactorApi';
import type { SignInValue } from './signInApi';

interface StepProps {
  challenge: SignInValue;
  onSignedIn: (answer: SignInValue) => void;
}

/** The extra step after a correct password: a new-IP check, a two-factor code, or an agent's enrolment. */
export function SecondFactorStep({ challenge, onSignedIn }: StepProps) {
  // Each ticket starts with a clean form; an answer may bring the next step with a new ticket.
  if (challenge.twoFactorRequired) return <TwoFactorCode key={challenge.twoFactorRequired.ticket} ticket={challenge.twoFactorRequired.ticket} onSignedIn={onSignedIn} />;
  if (challenge.verificationRequired) {
    const { ticket, methods } = challenge.verificationRequired;
    return <NewIpVerification key={ticket} ticket={ticket} methods={methods} onSignedIn={onSignedIn} />;
  }
  if (challenge.twoFactorSetupRequired) return <TwoFactorEnrolment key={challenge.twoFactorSetupRequired.ticket} ticket={challenge.twoFactorSetupRequired.ticket} onSignedIn={onSignedIn} />;
  return null;
}

/** Digits only, at most six: what an authenticator shows. */
const otpInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

function useSubmit(onSignedIn: (answer: SignInValue) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<SignInValue>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      setBusy(false);
      onSignedIn(answer);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function TwoFactorCode({ ticket, onSignedIn }: { ticket: string; onSignedIn: (answer: SignInValue) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useSubmit(onSignedIn);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setError(t('sf_err_code'));
    void run(() => secondFactorApi.twoFactor(ticket, code));
  };
  return (
    <form className="second-factor" onSubmit={submit} data-testid="second-factor-2fa" noValidate>
      <h3 className="second-factor-title">{t('sf_2fa_title')}</h3>
      <p className="second-factor-hint">{t('sf_2fa_hint')}</p>
      <Field
        label={t('sf_code')}
        value={code}
        onValueChange={(value) => setCode(otpInput(value))}
        testId="second-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        // The step replaces the form the member has just used; its one field is where they continue.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        required
      />
      <FormError message={error} testId="second-factor-error" />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="second-factor-submit">
        {t('sf_confirm')}
      </button>
    </form>
  );
}

function NewIpVerification({ ticket, methods, onSignedIn }: { ticket: string; methods: NewIpMethod[]; onSignedIn: (answer: SignInValue) => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<NewIpMethod>(methods[0] ?? 'bankAccountName');
  const [code, setCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const { busy, error, setError, run } = useSubmit(onSignedIn);
  const needsSending = method === 'mobile' || method === 'email';

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((seconds) => seconds - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const send = async () => {
    if (!needsSending || sending || countdown > 0) return;
    setSending(true);
    setError(null);
    try {
      const { expiredMinutes } = await secondFactorApi.sendCode(ticket, method);
      setCountdown(Math.round(expiredMinutes * 60));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(t('sf_err_empty'));
    void run(() => secondFactorApi.verify(ticket, method, value));
  };

  return (
    <form className="second-factor" onSubmit={submit} data-testid="second-factor-new-ip" noValidate>
      <h3 className="second-factor-title">{t('sf_new_ip_title')}</h3>
      <p className="second-factor-hint">{t('sf_new_ip_hint')}</p>
      <div className="second-factor-methods" role="radiogroup" aria-label={t('sf_method')}>
        {methods.map((name) => (
          <label key={name} className={`second-factor-method${name === method ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="second-factor-method"
              value={name}
              checked={name === method}
              data-testid={`second-factor-method-${name}`}
              onChange={() => {
                setMethod(name);
                setCode('');
                setCountdown(0);
                setError(null);
              }}
            />
            {t(`sf_method_${name}`)}
          </label>
        ))}
      </div>
      <div className="second-factor-code-row">
        <Field
          label={t(method === 'bankAccountName' ? 'sf_bank_account_name' : 'sf_code')}
          value={code}
          onValueChange={(value) => setCode(method === 'bankAccountName' ? value.slice(0, 100) : otpInput(value))}
          testId="second-factor-code"
          inputMode={method === 'bankAccountName' ? 'text' : 'numeric'}
          autoComplete={method === 'bankAccountName' ? 'name' : 'one-time-code'}
          required
        />
        {needsSending && (
          <button type="button" className="btn btn-outline" onClick={() => void send()} disabled={sending || countdown > 0} data-testid="second-factor-send">
            {countdown > 0 ? t('sf_resend_in', { seconds: countdown }) : t('sf_send_code')}
          </button>
        )}
      </div>
      <FormError message={error} testId="second-factor-error" />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="second-factor-submit">
        {t('sf_confirm')}
      </button>
    </form>
  );
}

function TwoFactorEnrolment({ ticket, onSignedIn }: { ticket: string; onSignedIn: (answer: SignInValue) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useSubmit(onSignedIn);

  useEffect(() => {
    let cancelled = false;
    secondFactorApi
      .setupAtLogin(ticket)
      .then((value) => !cancelled && setSetup(value))
      .catch((failure: unknown) => !cancelled && setError(errorMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [ticket, setError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setError(t('sf_err_code'));
    void run(() => secondFactorApi.enableAtLogin(ticket, code));
  };

  return (
    <form className="second-factor" onSubmit={submit} data-testid="second-factor-setup" noValidate>
      <h3 className="second-factor-title">{t('sf_setup_required_title')}</h3>
      <p className="second-factor-hint">{t('sf_setup_required_hint')}</p>
      {setup && <SecondFactorQr setup={setup} />}
      <Field label={t('sf_code')} value={code} onValueChange={(value) => setCode(otpInput(value))} testId="second-factor-code" inputMode="numeric" autoComplete="one-time-code" required />
      <FormError message={error} testId="second-factor-error" />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !setup} data-testid="second-factor-submit">
        {t('sf_enable')}
      </button>
    </form>
  );
}
