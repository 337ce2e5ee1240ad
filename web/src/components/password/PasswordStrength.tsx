import { useTranslation } from 'react-i18next';
import { PASSWORD_POLICY, passwordStrength } from '@wps/contracts/password-policy';

const LEVELS = ['refused', 'weak', 'fair', 'good', 'strong'] as const;

/**
 * The password rule and a strength meter under a new-password field, updated as the member types: the policy's bounds
 * (the brand's, when it narrowed them), what to avoid, and a four-step bar from the shared policy's score. The common
 * and breached list is the server's to check; its refusal names it.
 */
export function PasswordStrength({
  password,
  username = '',
  bounds = PASSWORD_POLICY,
  testId = 'password-strength',
}: {
  password: string;
  username?: string;
  bounds?: { minLength: number; maxLength: number };
  testId?: string;
}) {
  const { t } = useTranslation();
  const score = password ? passwordStrength(password, username, bounds) : null;
  const level = score === null ? null : LEVELS[score];
  return (
    <div className="password-strength" data-testid={testId} data-score={score ?? ''}>
      <p className="password-hint">{t('password_rule', { min: bounds.minLength, max: bounds.maxLength })}</p>
      {level && (
        <div className="password-meter" role="status" aria-live="polite">
          <span className={`password-meter-bar is-${level}`} aria-hidden="true">
            {[1, 2, 3, 4].map((step) => (
              <span key={step} className={step <= score! ? 'is-on' : undefined} />
            ))}
          </span>
          <span className="password-meter-label" data-testid={`${testId}-label`}>
            {t(`password_strength_${level}`)}
          </span>
        </div>
      )}
    </div>
  );
}
