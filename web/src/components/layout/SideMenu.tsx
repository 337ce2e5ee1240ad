import { createContext, lazy, Suspense, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { useModal } from '../../state/ui';
import { MEMBER_PATH, panelLink, type MemberPanel } from '../../pages/memberPanels';
import { whitelabelOn } from '../register/registerApi';
import { useLobby } from '../lobby/LobbyContext';
import { CATEGORY_ROUTES, isGameType, vendorLink, type GameType } from '../lobby/rules';
import { LanguageSelector } from '../LanguageSelector';
import { ThemeToggle } from '../ThemeToggle';
import { LicenceModal } from '../content/LicenceModal';
import { BannerSlot } from '../content/BannerCarousel';
import { UnreadBadge } from '../member/messages/UnreadBadge';
import { RewardBadge } from '../member/rewards/RewardBadge';
import { useVipStanding } from '../../pages/vip/vipState';
import { referralEnabled, usePromotionSummary } from '../../pages/promotions/promotionsState';
import { PromotionsBadge } from '../../pages/promotions/PromotionsBadge';
import { MissionsBadge, MissionsIcon } from '../member/missions/MissionsBadge';
import { CloseIcon, LogoMark } from '../Icons';
import { channelsOf, groupByType, useCustomerServiceEntries, openCustomerServiceEntry, type CustomerServiceEntry } from './customerService';
import { isGamePage, setCollapsed, setDrawerOpen, toggleSideMenu, useSideMenu } from './sideMenuState';
import {
  AccountIcon,
  BetsIcon,
  ChannelIcon,
  ChevronDownIcon,
  CrownIcon,
  DepositIcon,
  GameTypeIcon,
  HomeIcon,
  InviteIcon,
  LicenceIcon,
  MailIcon,
  MenuIcon,
  PhoneIcon,
  PromotionIcon,
  RecordIcon,
  SignInIcon,
  SignUpIcon,
  TrophyIcon,
  WithdrawIcon,
} from './icons';
import './layout.css';

const QrPair = lazy(() => import('../../pages/download/QrPair'));

/** Member-centre pages the menu links to that have no panel of their own in this client yet (spec §2 panel names). */
const specPanel = (name: 'bonusDetails' | 'referral' | 'rewardCenter') => `${MEMBER_PATH}?panel=${name}`;

/** True in the desktop rail, where only icons show and each carries its name as a tooltip. */
const RailContext = createContext(false);

/** What the brand and the member's standing turn on in the menu. */
function useMenuFeatures() {
  const { system } = useSystem();
  // VIP comes with the member's VIP standing (hasVip); invite friends with the promotions part of the public state
  // (availablePromo REFERRAL enabled: a live referral promotion).
  const vip = useVipStanding()?.hasVip ?? false;
  const promotions = usePromotionSummary();
  return { rewardCentre: whitelabelOn(system, 'REWCEN3'), vip, referral: referralEnabled(promotions) };
}

function ItemContent({ icon, label, badge }: { icon: ReactNode; label: string; badge?: ReactNode }) {
  return (
    <>
      <span className="side-icon">{icon}</span>
      <span className="side-label">{label}</span>
      {badge}
    </>
  );
}

function SideLink({ to, icon, label, testId, badge, end }: { to: string; icon: ReactNode; label: string; testId: string; badge?: ReactNode; end?: boolean }) {
  const rail = useContext(RailContext);
  const location = useLocation();
  // A member-centre panel link is the current page only on its own panel, not on every page of /member.
  const [path, query] = to.split('?');
  const onPanel = query === undefined ? undefined : location.pathname === path && new URLSearchParams(location.search).get('panel') === new URLSearchParams(query).get('panel');
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) => `side-item${(onPanel ?? isActive) ? ' active' : ''}`}
        aria-current={onPanel === false ? 'false' : 'page'}
        data-testid={testId}
        title={rail ? label : undefined}
      >
        <ItemContent icon={icon} label={label} badge={badge} />
      </NavLink>
    </li>
  );
}

/** Sign-in and register for guests; the member's own links for members (none for trial accounts). */
function MemberBlock() {
  const { t } = useTranslation();
  const rail = useContext(RailContext);
  const { member } = useSession();
  const { openModal } = useModal();
  const { vip } = useMenuFeatures();

  if (!member) {
    return (
      <div className="side-guest">
        <button type="button" className="btn btn-outline btn-sm side-guest-button" data-testid="side-menu-login" title={rail ? t('header_login') : undefined} onClick={() => openModal('login')}>
          <SignInIcon />
          <span className="side-label">{t('header_login')}</span>
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm side-guest-button"
          data-testid="side-menu-register"
          title={rail ? t('header_register') : undefined}
          onClick={() => openModal('register')}
        >
          <SignUpIcon />
          <span className="side-label">{t('header_register')}</span>
        </button>
      </div>
    );
  }
  if (member.isTrial) return null;
  const links: { panel: MemberPanel; icon: ReactNode; label: string; badge?: ReactNode }[] = [
    { panel: 'personalHistoryCopy', icon: <BetsIcon />, label: t('panel_personalHistoryCopy') },
    { panel: 'transactionHistory', icon: <RecordIcon />, label: t('panel_transactionHistory') },
    { panel: 'securityCenter', icon: <AccountIcon />, label: t('layout_my_account') },
    { panel: 'depositv2', icon: <DepositIcon />, label: t('panel_depositv2') },
    { panel: 'messageV2', icon: <MailIcon />, label: t('panel_messageV2'), badge: <UnreadBadge className="side-badge" /> },
    { panel: 'missionLeaderboard', icon: <MissionsIcon />, label: t('panel_missionLeaderboard'), badge: <MissionsBadge className="side-badge" /> },
  ];
  return (
    <section className="side-section" aria-label={t('layout_member_links')} data-testid="side-menu-member">
      <h2 className="side-heading">
        <span className="side-label">{member.account}</span>
      </h2>
      <ul className="side-list">
        {vip && <SideLink to="/vip" icon={<CrownIcon />} label={t('layout_vip_bonus')} testId="side-menu-link-vipBonus" />}
        {links.map((link) => (
          <SideLink key={link.panel} to={panelLink(link.panel)} icon={link.icon} label={link.label} badge={link.badge} testId={`side-menu-link-${link.panel}`} />
        ))}
        <SideLink to="/pointMall" icon={<PromotionIcon />} label={t('points_side_menu')} testId="side-menu-link-pointMall" />
      </ul>
    </section>
  );
}

/** Game types of the lobby, each opening to its vendors. */
function GameTypes() {
  const { t } = useTranslation();
  const rail = useContext(RailContext);
  const { lanes } = useLobby();
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const shown = lanes.filter((lane): lane is typeof lane & { title: GameType } => isGameType(lane.title) && lane.cards.length > 0);
  if (shown.length === 0) return null;
  return (
    <section className="side-section" aria-label={t('layout_games')}>
      <h2 className="side-heading">
        <span className="side-label">{t('layout_games')}</span>
      </h2>
      <ul className="side-list">
        {shown.map((lane) => {
          const label = t(`lobby_cat_${lane.title}`, { defaultValue: lane.title });
          const expanded = open === lane.title;
          const listId = `${baseId}-${lane.title}`;
          return (
            <li key={lane.title} className="side-group">
              <div className="side-row">
                <NavLink to={CATEGORY_ROUTES[lane.title]} className="side-item" data-testid={`side-menu-type-${lane.title}`} title={rail ? label : undefined}>
                  <ItemContent icon={<GameTypeIcon gameType={lane.title} />} label={label} />
                </NavLink>
                <button
                  type="button"
                  className={`side-expand${expanded ? ' is-open' : ''}`}
                  aria-expanded={expanded}
                  aria-controls={listId}
                  aria-label={t('layout_show_vendors', { type: label })}
                  data-testid={`side-menu-expand-${lane.title}`}
                  onClick={() => setOpen(expanded ? null : lane.title)}
                >
                  <ChevronDownIcon />
                </button>
              </div>
              {expanded && (
                <ul id={listId} className="side-sublist">
                  {lane.cards.map((card) => (
                    <li key={card.vassalage}>
                      <Link to={vendorLink(lane.title, card.vassalage)} className="side-subitem" data-testid={`side-menu-vendor-${card.vassalage}`}>
                        {card.displayName}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** App download: the page, and on hover or focus (desktop) a pop-over with the iOS and Android QR codes. */
function AppDownloadItem() {
  const { t } = useTranslation();
  const rail = useContext(RailContext);
  const [anchor, setAnchor] = useState<{ top: number; left: number } | null>(null);
  const box = useRef<HTMLLIElement>(null);
  const label = t('layout_app_download');

  const show = () => {
    // Phones have no hover, and the codes are for scanning with a phone from a larger screen.
    if (!box.current || !window.matchMedia('(hover: hover)').matches) return;
    const rect = box.current.getBoundingClientRect();
    setAnchor({ left: rect.right, top: Math.max(8, Math.min(rect.top - 60, window.innerHeight - 260)) });
  };
  const hide = () => setAnchor(null);

  return (
    <li
      ref={box}
      className="side-download"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hide();
      }}
    >
      <NavLink to="/download" className="side-item" data-testid="side-menu-download" title={rail ? label : undefined}>
        <ItemContent icon={<PhoneIcon />} label={label} />
      </NavLink>
      {anchor && (
        <div className="side-qr-popover" style={anchor} role="tooltip" data-testid="side-menu-qr">
          <div className="side-qr-card">
            <p className="side-qr-title">{t('layout_scan_to_install')}</p>
            <Suspense fallback={<div className="side-qr-loading" aria-busy="true" />}>
              <QrPair />
            </Suspense>
          </div>
        </div>
      )}
    </li>
  );
}

/** Customer service by type, each type opening to its entries. */
function CustomerServiceAccordion({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const rail = useContext(RailContext);
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const groups = groupByType(entries);
  if (groups.length === 0) return null;
  return (
    <section className="side-section" aria-label={t('customer_service')}>
      <h2 className="side-heading">
        <span className="side-label">{t('customer_service')}</span>
      </h2>
      <ul className="side-list">
        {groups.map((group) => {
          const label = t(`layout_cs_${group.csType}`, { defaultValue: group.csType });
          const expanded = open === group.csType;
          const listId = `${baseId}-${group.csType}`;
          return (
            <li key={group.csType} className="side-group">
              <button
                type="button"
                className="side-item"
                aria-expanded={expanded}
                aria-controls={listId}
                data-testid={`side-menu-cs-${group.csType}`}
                title={rail ? label : undefined}
                onClick={() => {
                  // In the rail the entries have no room: the panel opens with this type unfolded.
                  if (rail) setCollapsed(false);
                  setOpen(expanded && !rail ? null : group.csType);
                }}
              >
                <ItemContent icon={<ChannelIcon csType={group.csType} />} label={label} badge={<ChevronDownIcon className={`side-chevron${expanded ? ' is-open' : ''}`} />} />
              </button>
              {expanded && (
                <ul id={listId} className="side-sublist">
                  {group.entries.map((entry, index) => (
                    <li key={`${entry.title}-${index}`}>
                      <button type="button" className="side-subitem" data-testid="side-menu-cs-entry" onClick={() => openCustomerServiceEntry(entry)}>
                        {entry.title || label}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Channels({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const channels = channelsOf(entries);
  if (channels.length === 0) return null;
  return (
    <section className="side-section side-channels" aria-label={t('layout_channels')}>
      <h2 className="side-heading">
        <span className="side-label">{t('layout_channels')}</span>
      </h2>
      <div className="side-channel-row">
        {channels.map((entry) => {
          const label = t(`layout_cs_${entry.csType.toUpperCase()}`, { defaultValue: entry.csType });
          return (
            <button
              key={entry.csType}
              type="button"
              className="side-channel"
              aria-label={label}
              title={label}
              data-testid={`side-menu-channel-${entry.csType.toUpperCase()}`}
              onClick={() => openCustomerServiceEntry(entry)}
            >
              <ChannelIcon csType={entry.csType} />
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** The brand's licence (legalLicense), outside the menu: the drawer moves with a transform that would hold a fixed dialog. */
const LicenceDialog = ({ onClose }: { onClose: () => void }) => createPortal(<LicenceModal onClose={onClose} />, document.body);

/** `language`: whether to show the language selector (the header shows one beside the rail and the closed drawer). */
function SideMenuBody({ language }: { language: boolean }) {
  const { t } = useTranslation();
  const rail = useContext(RailContext);
  const { member } = useSession();
  const features = useMenuFeatures();
  const entries = useCustomerServiceEntries();
  const [licenceOpen, setLicenceOpen] = useState(false);
  // Guests see the member-centre links (they lead to sign-in); trial accounts have no member centre.
  const memberCentre = !member?.isTrial;

  return (
    <div className="side-body">
      <MemberBlock />
      <ul className="side-list">
        <SideLink to="/" end icon={<HomeIcon />} label={t('layout_home')} testId="side-menu-home" />
      </ul>
      <GameTypes />
      <section className="side-section" aria-label={t('layout_more')}>
        <ul className="side-list">
          {memberCentre && (
            <>
              <SideLink to={panelLink('depositv2')} icon={<DepositIcon />} label={t('panel_depositv2')} testId="side-menu-deposit" />
              <SideLink to={panelLink('withdraw')} icon={<WithdrawIcon />} label={t('panel_withdraw')} testId="side-menu-withdraw" />
              <SideLink to={panelLink('securityCenter')} icon={<AccountIcon />} label={t('layout_account')} testId="side-menu-account" />
            </>
          )}
          {features.referral && memberCentre && <SideLink to={specPanel('referral')} icon={<InviteIcon />} label={t('layout_invite')} testId="side-menu-invite" />}
          <SideLink to="/promotions" icon={<PromotionIcon />} label={t('layout_promotions')} badge={<PromotionsBadge className="side-badge" />} testId="side-menu-promotions" />
          {features.vip && <SideLink to="/vip" icon={<CrownIcon />} label={t('layout_vip')} testId="side-menu-vip" />}
          <AppDownloadItem />
          {features.rewardCentre && memberCentre && (
            <SideLink to={specPanel('rewardCenter')} icon={<TrophyIcon />} label={t('layout_reward_centre')} badge={<RewardBadge className="side-badge" />} testId="side-menu-reward" />
          )}
          <li>
            <button type="button" className="side-item" data-testid="side-menu-licence" title={rail ? t('layout_licence') : undefined} onClick={() => setLicenceOpen(true)}>
              <ItemContent icon={<LicenceIcon />} label={t('layout_licence')} />
            </button>
          </li>
        </ul>
      </section>
      {!rail && <BannerSlot group="w_leftmenu" />}
      <CustomerServiceAccordion entries={entries} />
      <Channels entries={entries} />
      {language && (
        <div className="side-language">
          <LanguageSelector />
          <ThemeToggle />
        </div>
      )}
      {licenceOpen && <LicenceDialog onClose={() => setLicenceOpen(false)} />}
    </div>
  );
}

/** The header's menu button; game pages have no side menu and so no button. */
export function SideMenuToggle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { mode, drawerOpen } = useSideMenu();
  if (isGamePage(pathname)) return null;
  const expanded = mode === 'drawer' ? drawerOpen : mode === 'panel';
  return (
    <button
      type="button"
      id="side-menu-toggle"
      className="icon-button side-toggle"
      aria-controls="side-menu"
      aria-expanded={expanded}
      aria-label={t('layout_menu_toggle')}
      title={t('layout_menu_toggle')}
      data-testid="side-menu-toggle"
      onClick={toggleSideMenu}
    >
      <MenuIcon />
    </button>
  );
}

/**
 * The side menu of the normal layout (spec §2 "Layout"): a drawer on small screens that closes on navigation, Escape
 * or a press beside it; on desktop a panel that folds into an icon rail. Hidden on game pages.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { merchantName } = useSystem();
  const { mode, drawerOpen } = useSideMenu();
  const panel = useRef<HTMLElement>(null);
  const drawerShown = mode === 'drawer' && drawerOpen;

  useEffect(() => setDrawerOpen(false), [pathname, search]);

  useEffect(() => {
    if (!drawerShown) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('.side-close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.modal-backdrop')) setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('side-drawer-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('side-drawer-open');
      previous?.focus?.();
    };
  }, [drawerShown]);

  if (isGamePage(pathname)) return null;
  const hidden = mode === 'drawer' && !drawerOpen;

  return (
    <>
      {drawerShown && <div className="side-backdrop" role="presentation" data-testid="side-menu-backdrop" onMouseDown={() => setDrawerOpen(false)} />}
      <aside
        id="side-menu"
        ref={panel}
        className={`side-menu is-${mode}${drawerShown ? ' is-open' : ''}`}
        aria-label={t('layout_menu')}
        data-testid="side-menu"
        data-mode={mode}
        data-open={hidden ? 'false' : 'true'}
        inert={hidden}
      >
        {mode === 'drawer' && (
          <div className="side-head">
            <Link to="/" className="side-brand">
              <LogoMark width={28} height={28} />
              <span>{merchantName}</span>
            </Link>
            <button type="button" className="icon-button side-close" aria-label={t('layout_menu_close')} data-testid="side-menu-close" onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </button>
          </div>
        )}
        <RailContext.Provider value={mode === 'rail'}>
          <SideMenuBody language={mode === 'panel' || drawerShown} />
        </RailContext.Provider>
      </aside>
    </>
  );
}
