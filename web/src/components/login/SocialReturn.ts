import { useEffect, useRef } from 'react';
import { errorMessage, type LoginValue } from '../../api';
import { secondFactorApi, socialChallenge } from './SecondFactorApi';
import type { SignInValue } from './signInApi';

/**
 * Finishes a social sign-in when the gateway sends the browser back with `?socialCode=` (a one-time code, exchanged
 * for the login answer) or `?socialError=`. Runs once the brand is known; strips the parameters from the address.
 */
export function useSocialReturn(options: {
  ready: boolean;
  completeLogin: (value: LoginValue, goHome: boolean) => void;
  openLogin: () => void;
  showError: (text: string) => void;
  errorText: (code: string) => string;
}): void {
  const handled = useRef(false);
  const { ready, completeLogin, openLogin, showError, errorText } = options;
  useEffect(() => {
    if (!ready || handled.current) return;
    const url = new URL(window.location.href);
    const code = url.searchParams.get('socialCode');
    const error = url.searchParams.get('socialError');
    if (!code && !error) return;
    handled.current = true;
    url.searchParams.delete('socialCode');
    url.searchParams.delete('socialError');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (error) return showError(errorText(error));
    secondFactorApi
      .socialExchange(code!)
      .then((answer: SignInValue) => {
        if (answer.token) return completeLogin(answer as LoginValue, false);
        socialChallenge.set(answer);
        openLogin();
      })
      .catch((failure: unknown) => showError(errorMessage(failure)));
  }, [ready, completeLogin, openLogin, showError, errorText]);
}
