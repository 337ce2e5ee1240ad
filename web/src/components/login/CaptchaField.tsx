import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { Field } from '../Field';
import type { FieldError } from '../../validation';
import { signInApi } from './signInApi';

/** Spec section 4: captcha refresh at most once per second. */
const REFRESH_INTERVAL_MS = 1_000;
/** The server counts the second from when its request arrived, a little after ours left. */
const CLOCK_MARGIN_MS = 150;

/**
 * The captcha input with its image and a refresh button. `generation` changes whenever the form needs a new image
 * (every answer spends the old one).
 */
export function CaptchaField(props: { captchaKey: string; generation: number; value: string; onValueChange: (value: string) => void; error?: FieldError | null }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  const lastFetch = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    const wait = lastFetch.current + REFRESH_INTERVAL_MS - Date.now();
    if (wait > 0) {
      // A refresh inside the second is postponed to its end rather than dropped, so the image always matches.
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void load(), wait + CLOCK_MARGIN_MS);
      return;
    }
    lastFetch.current = Date.now();
    setCoolingDown(true);
    window.setTimeout(() => setCoolingDown(false), REFRESH_INTERVAL_MS);
    try {
      setImage(await signInApi.captcha(props.captchaKey));
    } catch (error) {
      setImage(null);
      if (error instanceof ApiError && error.code === 'CAPTCHA_TOO_FREQUENT') {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void load(), REFRESH_INTERVAL_MS + CLOCK_MARGIN_MS);
      }
    }
  }, [props.captchaKey]);

  useEffect(() => {
    void load();
  }, [load, props.generation]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <div className="captcha-block">
      <Field
        label={t('login_captcha')}
        placeholder={t('login_captcha_placeholder')}
        value={props.value}
        onValueChange={props.onValueChange}
        error={props.error}
        testId="login-captcha"
        autoComplete="off"
        inputMode="numeric"
        maxLength={20}
        required
      />
      <div className="captcha-row">
        {image ? (
          <img className="captcha-image" src={`data:image/png;base64,${image}`} alt={t('login_captcha_alt')} data-testid="captcha-image" width={120} height={40} />
        ) : (
          <div className="captcha-image captcha-image-empty" aria-hidden />
        )}
        <button type="button" className="link-button" onClick={() => void load()} disabled={coolingDown} data-testid="captcha-refresh">
          {t('login_captcha_refresh')}
        </button>
      </div>
    </div>
  );
}
