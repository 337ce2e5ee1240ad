import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, type MemberInfo } from '../../../api';
import { memberInfoQuery } from '../../../state/queries';
import { useSession } from '../../../state/session';
import { usePreferences } from '../../../state/preferences';
import { useModal, useNotices } from '../../../state/ui';
import { formatDateTime } from '../common';
import { openVoluntaryPasswordChange, passwordApi, type LoginHistoryEntry } from '../../password/passwordApi';
import { MemberIcon } from './MemberIcon';

/** The member's profile: account, previous sign-in, avatar icon, and the way to change the password. */
export function ProfilePanel() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { openModal } = useModal();
  const { showToast } = useNotices();
  const client = useQueryClient();
  const { token } = useSession();
  const [info, setInfo] = useState<MemberInfo | null>(null);
  const [icons, setIcons] = useState<string[]>([]);
  const [icon, setIcon] = useState<string | null>(null);
  const [history, setHistory] = useState<LoginHistoryEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    // The member's info is read afresh each time the panel opens.
    Promise.all([client.fetchQuery({ ...memberInfoQuery(token), staleTime: 0 }), passwordApi.icon(), passwordApi.loginHistory(10)])
      .then(([member, choice, signIns]) => {
        if (cancelled) return;
        setInfo(member);
        setIcons(choice.icons);
        setIcon(choice.icon);
        setHistory(signIns.list);
      })
      .catch((failure: unknown) => !cancelled && setError(errorMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [client, token]);

  const choose = async (next: string) => {
    if (saving || next === icon) return;
    setSaving(true);
    try {
      setIcon((await passwordApi.setIcon(next)).icon);
      showToast(t('profile_icon_saved'));
    } catch (failure) {
      showToast(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!info || !icon) return <div className="area-loading" aria-busy="true" />;

  return (
    <div className="profile-panel" data-testid="profile-panel">
      <div className="profile-head">
        <MemberIcon icon={icon} size={64} />
        <dl className="profile-facts">
          <dt>{t('profile_account')}</dt>
          <dd data-testid="profile-account">{info.account}</dd>
          <dt>{t('profile_last_login')}</dt>
          <dd data-testid="profile-last-login">{info.lastLoginAt ? formatDateTime(info.lastLoginAt, language) : t('profile_first_login')}</dd>
        </dl>
      </div>
      <h2 className="profile-subtitle">{t('profile_icon_title')}</h2>
      <div className="profile-icons" role="radiogroup" aria-label={t('profile_icon_title')}>
        {icons.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={choice === icon}
            aria-label={t('profile_icon_label', { number: choice })}
            className={`profile-icon${choice === icon ? ' is-selected' : ''}`}
            data-testid={`profile-icon-${choice}`}
            disabled={saving}
            onClick={() => void choose(choice)}
          >
            <MemberIcon icon={choice} />
          </button>
        ))}
      </div>
      <h2 className="profile-subtitle">{t('profile_history_title')}</h2>
      <table className="profile-history" data-testid="profile-history">
        <thead>
          <tr>
            <th>{t('profile_history_time')}</th>
            <th>{t('profile_history_ip')}</th>
            <th>{t('profile_history_device')}</th>
            <th>{t('profile_history_result')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={`${entry.at}-${entry.ip}`}>
              <td>{formatDateTime(entry.at, language)}</td>
              <td>{entry.ip ?? '—'}</td>
              <td>{entry.device ?? '—'}</td>
              <td className={entry.success ? 'is-ok' : 'is-failed'}>{t(entry.success ? 'profile_history_ok' : 'profile_history_failed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="profile-subtitle">{t('profile_password_title')}</h2>
      <button type="button" className="btn btn-primary" data-testid="profile-change-password" onClick={() => openVoluntaryPasswordChange(openModal)}>
        {t('password_change_title')}
      </button>
    </div>
  );
}
