import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Paged } from '../../../api';
import { useNotices } from '../../../state/ui';
import { Field, FormError } from '../../Field';
import { SecondFactorQr } from '../../login/SecondFactorQr';
import { secondFactorApi, type LoginRecord, type SecurityOverview, type TwoFactorSetup } from '../../login/SecondFactorApi';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, usePaged } from '../common';
import { ScrollRegion } from '../../ScrollRegion';

const otpInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The security centre (spec panel securityCenter): two-factor authentication, the previous login, the login history. */
export function SecurityPanel() {
  const { t, i18n } = useTranslation();
  const [overview, setOverview] = useState<SecurityOverview | null>(null);
  const [refresh, setRefresh] = useState(0);

  const fetchPage = useCallback(async (pageNo: number): Promise<Paged<LoginRecord>> => {
    const value = await secondFactorApi.security(pageNo, PAGE_SIZE);
    setOverview(value);
    return { content: value.lastLogins, pageNum: value.pageNo, totalPages: value.totalPages, total: value.total };
  }, []);
  const history = usePaged(fetchPage, refresh);
  const language = i18n.language.toUpperCase();

  return (
    <div className="security-panel" data-testid="security-panel">
      <Card title={t('sec_previous_login')} testId="security-previous-login">
        <p className="security-previous-login" data-testid="security-previous-login-at">
          {overview ? (overview.previousLoginAt ? formatDateTime(overview.previousLoginAt, language) : t('sec_no_previous_login')) : t('app_loading')}
        </p>
      </Card>
      {overview && <TwoFactorCard enabled={overview.twoFactorEnabled} onChanged={() => setRefresh((n) => n + 1)} />}
      <Card title={t('sec_login_history')} testId="security-history">
        <ListState loading={history.loading} error={history.error} empty={!history.data?.content.length} emptyText={t('sec_no_logins')} testId="security-history" />
        {Boolean(history.data?.content.length) && (
          <ScrollRegion label={t('sec_login_history')}>
            <table className="data-table" data-testid="security-history-table">
              <thead>
                <tr>
                  <th>{t('sec_col_time')}</th>
                  <th>{t('sec_col_ip')}</th>
                  <th>{t('sec_col_device')}</th>
                  <th>{t('sec_col_result')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data!.content.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`} data-testid="security-history-row" data-success={entry.success ? '1' : '0'}>
                    <td>{formatDateTime(entry.at, language)}</td>
                    <td>{entry.ip ?? '—'}</td>
                    <td>{entry.device}</td>
                    <td>
                      <span className={`status-badge tone-${entry.success ? 'ok' : 'bad'}`}>{t(entry.success ? 'sec_success' : 'sec_failure')}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager state={history} testId="security-history-pager" />
      </Card>
    </div>
  );
}

function TwoFactorCard({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setSetup(null);
    setCode('');
    setError(null);
  }, [enabled]);

  const act = async (call: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
      showToast(t(done));
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setSetup(await secondFactorApi.setup());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setError(t('sf_err_code'));
    void (enabled ? act(() => secondFactorApi.disable(code), 'sec_2fa_disabled') : act(() => secondFactorApi.enable(code), 'sec_2fa_enabled'));
  };

  return (
    <Card
      title={t('sec_2fa_title')}
      testId="security-2fa"
      aside={
        <span className={`status-badge tone-${enabled ? 'ok' : 'warn'}`} data-testid="security-2fa-status" data-enabled={enabled ? '1' : '0'}>
          {t(enabled ? 'sec_2fa_on' : 'sec_2fa_off')}
        </span>
      }
    >
      <p className="security-2fa-hint">{t(enabled ? 'sec_2fa_disable_hint' : 'sec_2fa_hint')}</p>
      {!enabled && !setup && (
        <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy} data-testid="security-2fa-setup">
          {t('sec_2fa_setup')}
        </button>
      )}
      {!enabled && setup && <SecondFactorQr setup={setup} />}
      {(enabled || setup) && (
        <form className="security-2fa-form" onSubmit={submit} noValidate>
          <Field label={t('sf_code')} value={code} onValueChange={(value) => setCode(otpInput(value))} testId="security-2fa-code" inputMode="numeric" autoComplete="one-time-code" required />
          <button type="submit" className={`btn ${enabled ? 'btn-outline' : 'btn-primary'}`} disabled={busy} data-testid={enabled ? 'security-2fa-disable' : 'security-2fa-enable'}>
            {t(enabled ? 'sec_2fa_disable' : 'sec_2fa_enable')}
          </button>
        </form>
      )}
      <FormError message={error} testId="security-2fa-error" />
    </Card>
  );
}
