import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../../state/signIn';
import type { LoginValue } from '../../api';
import { SecondFactorStep } from './SecondFactorStep';
import { secondFactorApi, socialChallenge, type SocialProviderName } from './SecondFactorApi';
import type { SignInValue } from './signInApi';

/** Sign-in buttons for the brand's social providers; nothing when none is configured. */
export function SocialButtons() {
  const { t } = useTranslation();
  const completeLogin = useSignIn();
  const [providers, setProviders] = useState<SocialProviderName[]>([]);
  // A social sign-in that came back owing a second step is finished here, inside the login modal.
  const [pending, setPending] = useState<SignInValue | null>(() => socialChallenge.take());

  useEffect(() => {
    let cancelled = false;
    secondFactorApi
      .socialProviders()
      .then((value) => !cancelled && setProviders(value.providers.map((provider) => provider.name)))
      .catch(() => !cancelled && setProviders([]));
    return () => {
      cancelled = true;
    };
  }, []);

  if (pending) {
    return <SecondFactorStep challenge={pending} onSignedIn={(answer) => (answer.token ? completeLogin(answer as LoginValue, false) : setPending(answer))} />;
  }
  if (!providers.length) return null;
  return (
    <div className="social-login" data-testid="social-login">
      <p className="social-login-title">{t('social_or')}</p>
      <div className="social-login-buttons">
        {providers.map((name) => (
          // A full navigation: the provider's page replaces the site and comes back to the gateway's callback.
          <a key={name} className={`btn btn-outline social-login-button social-${name}`} href={`/wps/session/social/${name}/start`} data-testid={`social-login-${name}`}>
            {t(`social_${name}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
