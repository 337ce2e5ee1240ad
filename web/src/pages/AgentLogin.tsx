import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, type LoginFailureValue, type LoginValue } from '../api';
import { useSession } from '../state/session';
import { useSignIn } from '../state/signIn';
import { useSystem } from '../state/system';
import { useModal } from '../state/ui';
import { required, type FieldError } from '../validation';
import { Field, FormError } from '../components/Field';
import { ConfirmDialog, NoticeDialog, Toasts } from '../components/Dialogs';
import { GiftIcon, LogoMark, UserIcon } from '../components/Icons';
import { LanguageSelector } from '../components/LanguageSelector';
import { ThemeToggle } from '../components/ThemeToggle';
import { BlockedPage, LoadingScreen, MaintenancePage, StartErrorPage } from '../components/SystemPages';
import { CaptchaField } from '../components/login/CaptchaField';
import { SecondFactorStep } from '../components/login/SecondFactorStep';
import { isChallenge, newCaptchaKey, signInApi, type SignInValue } from '../components/login/signInApi';

type Errors = Partial<Record<'username' | 'password' | 'captcha', FieldError | null>>;

/** The agent pages' own layout (spec section 2): no side menu, header or footer of the player site. */
function AgentLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { phase, mode, merchantName } = useSystem();
  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartErrorPage />;
  if (mode === 'maintenance') return <MaintenancePage />;
  if (mode === 'blocked') return <BlockedPage />;
  return (
    <div className="agent-layout">
      <header className="agent-header agent-login-header">
        <span className="agent-login-brand">
          <LogoMark />
          <span className="agent-brand">{merchantName}</span>
          <span className="agent-login-tag">{t('agent_login_kicker')}</span>
        </span>
        <span className="agent-login-tools">
          <LanguageSelector />
          <ThemeToggle />
        </span>
      </header>
      <main className="agent-main">{children}</main>
      <ConfirmDialog />
      <NoticeDialog />
      <Toasts />
    </div>
  );
}

/** What the agent centre offers, beside the sign-in form. */
function AgentPitch() {
  const { t } = useTranslation();
  const points = [
    { key: 'team', icon: <UserIcon /> },
    { key: 'income', icon: <GiftIcon /> },
    { key: 'contracts', icon: <ContractIcon /> },
  ] as const;
  return (
    <section className="agent-login-pitch" aria-labelledby="agent-login-kicker" data-testid="agent-login-pitch">
      <h2 id="agent-login-kicker" className="agent-login-kicker">
        {t('agent_login_kicker')}
      </h2>
      <p className="agent-login-lead">{t('agent_login_lead')}</p>
      <ul className="agent-login-points">
        {points.map((point) => (
          <li key={point.key}>
            <span className="agent-login-point-icon" aria-hidden>
              {point.icon}
            </span>
            <span>{t(`agent_login_point_${point.key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A signed contract: a page with lines and a seal. */
const ContractIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h3" />
  </svg>
);

/**
 * /agent: sign-in for agents only. The server refuses other account types with 'Non-agents cannot log in' (the call
 * carries `area: 'agent'`); remember-password is hidden here (spec section 2).
 */
export function AgentLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { member } = useSession();
  const { openModal } = useModal();
  const completeLogin = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const captchaKey = useMemo(() => newCaptchaKey(), []);
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInValue | null>(null);

  useEffect(() => {
    if (member?.isAgent) void navigate('/agentHome', { replace: true });
  }, [member, navigate]);

  const finish = (value: SignInValue) => {
    if (isChallenge(value)) {
      setChallenge(value);
      setBusy(false);
      return;
    }
    completeLogin(value as LoginValue, false);
    if (value.mustChangePassword) openModal('changePassword');
    void navigate('/agentHome');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const user = username.trim();
    const pass = password.trim();
    const answer = captcha.trim();
    const next: Errors = { username: required(user), password: required(pass), captcha: captchaShown && !answer ? { key: 'login_err_captcha' } : null };
    setErrors(next);
    setFormError(null);
    if (next.username || next.password || next.captcha) return;
    setBusy(true);
    try {
      finish(await signInApi.login({ type: 'username', username: user, password: pass, area: 'agent', ...(captchaShown ? { captcha: answer, captchaKey } : {}) }));
    } catch (error) {
      setFormError(errorMessage(error));
      if (error instanceof ApiError && (error.value as LoginFailureValue | undefined)?.captcha) {
        setCaptchaShown(true);
        setCaptcha('');
        setCaptchaGeneration((generation) => generation + 1);
      }
      setBusy(false);
    }
  };

  return (
    <AgentLayout>
      <div className="agent-login-page">
        <AgentPitch />
        <section className="agent-login" data-testid="agent-login" aria-labelledby="agent-login-title">
          <h1 id="agent-login-title">{t('agent_login_title')}</h1>
          {challenge ? (
            <SecondFactorStep challenge={challenge} onSignedIn={(value) => finish(value)} />
          ) : (
            <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
              <Field
                label={t('login_username')}
                placeholder={t('login_username_placeholder')}
                value={username}
                onValueChange={setUsername}
                error={errors.username}
                testId="agent-username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
              />
              <Field
                label={t('login_password')}
                placeholder={t('login_password_placeholder')}
                type="password"
                value={password}
                onValueChange={setPassword}
                error={errors.password}
                testId="agent-password"
                autoComplete="current-password"
                required
              />
              {captchaShown && <CaptchaField captchaKey={captchaKey} generation={captchaGeneration} value={captcha} onValueChange={setCaptcha} error={errors.captcha} />}
              <FormError message={formError} testId="agent-login-error" />
              <button type="submit" className="btn btn-primary btn-block" data-testid="agent-submit" disabled={busy}>
                {busy ? t('app_loading') : t('login_submit')}
              </button>
            </form>
          )}
          <Link to="/" className="agent-login-player" data-testid="agent-login-player-site">
            {t('agent_login_player_site')}
          </Link>
        </section>
      </div>
    </AgentLayout>
  );
}
