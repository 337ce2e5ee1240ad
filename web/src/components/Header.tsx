import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { useSignOut } from '../state/signIn';
import { useSystem } from '../state/system';
import { useModal, useNotices } from '../state/ui';
import { useWallet } from '../state/wallet';
import { LanguageSelector } from './LanguageSelector';
import { ThemeToggle } from './ThemeToggle';
import { GamesMenu } from './lobby/GamesMenu';
import { NoticeButton } from './content/NoticeButton';
import { MEMBER_PANELS, panelLink } from '../pages/memberPanels';
import { ArrowUpIcon, EyeIcon, EyeOffIcon, GiftIcon, LogoMark, LogoutIcon, PlusIcon, RefreshIcon, UserIcon } from './Icons';
import { useDropdown } from '../hooks/useDropdown';
import { SideMenuToggle } from './layout/SideMenu';
import { UnreadBadge } from './member/messages/UnreadBadge';
import { VipAvatarLabel } from '../pages/vip/VipAvatarLabel';
import { MissionsBadge } from './member/missions/MissionsBadge';

function BalanceBox() {
  const { t } = useTranslation();
  const { balanceText, balanceHidden, balanceLoading, liveConnected, toggleBalanceHidden, refreshBalance } = useWallet();
  const shown = balanceHidden ? '***' : (balanceText ?? '—');
  // A narrow phone sets a long sum a little smaller (styles.css) so that it fits beside its buttons.
  const length = shown.length > 13 ? 'longest' : shown.length > 11 ? 'longer' : shown.length > 9 ? 'long' : undefined;
  return (
    <div className="balance-box" data-testid="balance-box" data-live={liveConnected ? 'on' : 'off'}>
      <span className="balance-label sr-only">{t('header_balance')}</span>
      <span className="balance-value" data-testid="balance" aria-live="polite" data-length={length} title={balanceHidden ? undefined : (balanceText ?? undefined)}>
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

/** The member drop-down: the member centre's panels (account record and betting record among them) and sign out. */
function MemberMenu({ account }: { account: string }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const requestLogout = useSignOut();
  const { open, setOpen, box } = useDropdown();

  return (
    <div className="member-menu" ref={box}>
      <button type="button" className="member-chip" title={account} aria-haspopup="menu" aria-expanded={open} data-testid="member-menu-button" onClick={() => setOpen((value) => !value)}>
        <span className="avatar" aria-hidden>
          <UserIcon />
          <UnreadBadge className="header-avatar-badge" />
          <VipAvatarLabel />
        </span>
        <span className="member-account" data-testid="member-account">
          {account}
        </span>
      </button>
      {open && (
        <div className="member-menu-list" role="menu" data-testid="member-menu">
          {MEMBER_PANELS.map((panel) => (
            <Link key={panel} role="menuitem" to={panelLink(panel)} className="member-menu-item" data-testid={`member-menu-${panel}`}>
              {t(`panel_${panel}`)}
              {panel === 'messageV2' && <UnreadBadge className="side-badge" />}
              {panel === 'missionLeaderboard' && <MissionsBadge className="side-badge" />}
            </Link>
          ))}
          {member?.isAgent && (
            <Link role="menuitem" to="/agentHome" className="member-menu-item" data-testid="member-menu-agent">
              {t('agent_entry')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className="member-menu-item"
            data-testid="member-menu-logout"
            onClick={() => {
              setOpen(false);
              void requestLogout();
            }}
          >
            {t('header_logout')}
          </button>
        </div>
      )}
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { member, authReady } = useSession();
  const { merchantName } = useSystem();
  const { openModal } = useModal();
  const requestLogout = useSignOut();
  const { showNotice } = useNotices();
  const { demoDeposit, demoDepositAvailable, demoDepositBusy } = useWallet();

  const navigate = useNavigate();
  const isTrial = member?.isTrial ?? false;
  const goToPanel = (panel: 'depositv2' | 'withdraw') => {
    if (isTrial) showNotice({ title: t('in_popup_prompt'), text: t('in_need_true_account') });
    else void navigate(panelLink(panel));
  };

  return (
    <header className="site-header">
      <div className="header-inner">
        <SideMenuToggle />
        <Link to="/" className="brand" aria-label={merchantName}>
          <LogoMark />
          <span className="brand-text">
            <span className="brand-name">{merchantName}</span>
            <span className="brand-tagline">{t('brand_tagline')}</span>
          </span>
        </Link>

        <div className="header-utility">
          <NoticeButton />
          <LanguageSelector />
          <ThemeToggle />
          {member && (
            <button type="button" className="icon-button logout-button" data-testid="logout-button" onClick={() => void requestLogout()} aria-label={t('header_logout')} title={t('header_logout')}>
              <LogoutIcon />
            </button>
          )}
        </div>

        <div className="header-actions">
          {member ? (
            <>
              <BalanceBox />
              <div className="header-buttons">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  data-testid="deposit-button"
                  onClick={() => goToPanel('depositv2')}
                  aria-label={t('header_deposit')}
                  title={t('header_deposit')}
                >
                  <PlusIcon />
                  <span>{t('header_deposit')}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  data-testid="withdraw-button"
                  onClick={() => goToPanel('withdraw')}
                  aria-label={t('header_withdraw')}
                  title={t('header_withdraw')}
                >
                  <ArrowUpIcon />
                  <span>{t('header_withdraw')}</span>
                </button>
                {demoDepositAvailable && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm header-demo-deposit"
                    data-testid="demo-deposit"
                    onClick={() => void demoDeposit()}
                    disabled={demoDepositBusy}
                    title={t('header_demo_deposit')}
                    aria-label={t('header_demo_deposit')}
                  >
                    <GiftIcon />
                    <span>{t('header_demo_deposit')}</span>
                  </button>
                )}
              </div>
              <GamesMenu />
              <MemberMenu account={member.account} />
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
