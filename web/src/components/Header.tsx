import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../state/AppState';
import { LanguageSelector } from './LanguageSelector';
import { ArrowUpIcon, EyeIcon, EyeOffIcon, GiftIcon, LogoMark, LogoutIcon, PlusIcon, RefreshIcon, UserIcon } from './Icons';

function BalanceBox() {
  const { t } = useTranslation();
  const { balanceText, balanceHidden, balanceLoading, liveConnected, toggleBalanceHidden, refreshBalance } = useAppState();
  const shown = balanceHidden ? '***' : (balanceText ?? '—');
  return (
    <div className="balance-box" data-testid="balance-box" data-live={liveConnected ? 'on' : 'off'}>
      <span className="balance-label">{t('header_balance')}</span>
      <span className="balance-value" data-testid="balance" aria-live="polite">
        {shown}
      </span>
      <button
        type="button"
        className="icon-button"
        data-testid="balance-toggle"
        onClick={toggleBalanceHidden}
        aria-pressed={balanceHidden}
        aria-label={balanceHidden ? t('header_show_balance') : t('header_hide_balance')}
        title={balanceHidden ? t('header_show_balance') : t('header_hide_balance')}
      >
        {balanceHidden ? <EyeOffIcon /> : <EyeIcon />}
      </button>
      <button
        type="button"
        className={`icon-button${balanceLoading ? ' spinning' : ''}`}
        data-testid="balance-refresh"
        onClick={() => void refreshBalance()}
        aria-label={t('header_refresh_balance')}
        title={t('header_refresh_balance')}
        disabled={balanceLoading}
      >
        <RefreshIcon />
      </button>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const {
    member,
    authReady,
    merchantName,
    openModal,
    requestLogout,
    showNotice,
    demoDeposit,
    demoDepositAvailable,
    demoDepositBusy,
  } = useAppState();

  const comingSoon = () => showNotice({ title: t('coming_soon_title'), text: t('coming_soon_text') });

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand" aria-label={merchantName}>
          <LogoMark />
          <span className="brand-text">
            <span className="brand-name">{merchantName}</span>
            <span className="brand-tagline">{t('brand_tagline')}</span>
          </span>
        </Link>

        <div className="header-utility">
          <LanguageSelector />
          {member && (
            <button
              type="button"
              className="icon-button logout-button"
              data-testid="logout-button"
              onClick={() => void requestLogout()}
              aria-label={t('header_logout')}
              title={t('header_logout')}
            >
              <LogoutIcon />
            </button>
          )}
        </div>

        <div className="header-actions">
          {member ? (
            <>
              <BalanceBox />
              <div className="header-buttons">
                <button type="button" className="btn btn-primary btn-sm" data-testid="deposit-button" onClick={comingSoon}>
                  <PlusIcon />
                  <span>{t('header_deposit')}</span>
                </button>
                <button type="button" className="btn btn-outline btn-sm" data-testid="withdraw-button" onClick={comingSoon}>
                  <ArrowUpIcon />
                  <span>{t('header_withdraw')}</span>
                </button>
                {demoDepositAvailable && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    data-testid="demo-deposit"
                    onClick={() => void demoDeposit()}
                    disabled={demoDepositBusy}
                    title={t('header_demo_deposit')}
                  >
                    <GiftIcon />
                    <span>{t('header_demo_deposit')}</span>
                  </button>
                )}
              </div>
              <div className="member-chip" title={member.account}>
                <span className="avatar" aria-hidden>
                  <UserIcon />
                </span>
                <span className="member-account" data-testid="member-account">
                  {member.account}
                </span>
              </div>
            </>
          ) : (
            authReady && (
              <div className="header-buttons">
                <button type="button" className="btn btn-outline" data-testid="login-button" onClick={() => openModal('login')}>
                  {t('header_login')}
                </button>
                <button type="button" className="btn btn-primary" data-testid="register-button" onClick={() => openModal('register')}>
                  {t('header_register')}
                </button>
              </div>
            )
          )}
        </div>
      </div>
    </header>
  );
}
