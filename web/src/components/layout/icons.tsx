/** Line icons of the side menu, the footer and the app-download and domain pages (24-unit grid, current colour). */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const icon = (children: ReactNode) =>
  function Icon(props: IconProps) {
    return (
      <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false} {...props}>
        {children}
      </svg>
    );
  };

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);
export const HomeIcon = icon(<path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />);
export const DepositIcon = icon(<path d="M12 3v11M7 9l5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />);
export const WithdrawIcon = icon(<path d="M12 14V3M7 8l5-5 5 5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />);
export const AccountIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const InviteIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
  </>,
);
export const PromotionIcon = icon(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M5 12v9h14v-9M12 8S10.5 3 8 3a2.5 2.5 0 0 0 0 5h4zM12 8s1.5-5 4-5a2.5 2.5 0 0 1 0 5h-4z" />
  </>,
);
export const CrownIcon = icon(<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />);
export const PhoneIcon = icon(
  <>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </>,
);
export const HeadsetIcon = icon(<path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1zM17 20a4 4 0 0 1-4 2h-1" />);
export const TrophyIcon = icon(<path d="M8 4h8v6a4 4 0 0 1-8 0zM8 6H4a3 3 0 0 0 4 4M16 6h4a3 3 0 0 1-4 4M12 14v4M8 21h8M9 18h6" />);
export const LicenceIcon = icon(<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5" />);
export const BetsIcon = icon(<path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />);
export const RecordIcon = icon(<path d="M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4" />);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);
export const SignInIcon = icon(<path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />);
export const SignUpIcon = InviteIcon;
export const DomainIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);

// ---- Game types -------------------------------------------------------------------------------------------------

const LiveIcon = icon(
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="M16 10l6-3v10l-6-3" />
  </>,
);
const SlotsIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="M9 4v16M15 4v16M5 12h2M11 12h2M17 12h2" />
  </>,
);
const SportsIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7l4 3-1.5 5h-5L8 10zM12 3v4M21 10l-5 0M18 19l-3.5-4M6 19l3.5-4M3 10h5" />
  </>,
);
const EsportsIcon = icon(<path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4zM7 11v3M5.5 12.5h3M16 12h.01M18 13.5h.01" />);
const FishIcon = icon(<path d="M6 12c3-4 6-6 9.5-6 3 0 5.5 2.5 6.5 6-1 3.5-3.5 6-6.5 6-3.5 0-6.5-2-9.5-6zM6 12L2 8v8zM17 10.5h.01" />);
const CardsIcon = icon(
  <>
    <rect x="7" y="3" width="13" height="17" rx="2" />
    <path d="M4 7v12a2 2 0 0 0 2 2h9M13.5 8.5c-1.5 1.6-3 2.7-3 4a1.6 1.6 0 0 0 3 .8 1.6 1.6 0 0 0 3-.8c0-1.3-1.5-2.4-3-4zM13.5 14v2" />
  </>,
);
const LotteryIcon = icon(<path d="M3 8a2 2 0 0 0 0 4v5a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1v-5a2 2 0 0 1 0-4V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1zM14 6v12" />);
const BallIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
  </>,
);
const CockfightIcon = icon(<path d="M8 20c-2-2-3-5-2-8 1-4 5-6 8-6l2-3 1 3 3 1-2 2c1 4-1 9-5 11zM10 20l-1 2M14 19l1 3M15 8h.01" />);

/** The icon of each game type of the lobby; a type without one of its own shows the slots icon. */
const GAME_TYPE_ICONS: Record<string, (props: IconProps) => ReactNode> = {
  LIVE: LiveIcon,
  RNG: SlotsIcon,
  SPORTS: SportsIcon,
  ESPORTS: EsportsIcon,
  FISH: FishIcon,
  PVP: CardsIcon,
  LOTT: LotteryIcon,
  ELOTT: BallIcon,
  COCKFIGHT: CockfightIcon,
};

export function GameTypeIcon({ gameType, ...props }: IconProps & { gameType: string }) {
  const Icon = GAME_TYPE_ICONS[gameType] ?? SlotsIcon;
  return <Icon {...props} />;
}

// ---- Customer-service channels (generic marks, drawn for this site) ---------------------------------------------

const ChatIcon = icon(<path d="M4 5h16v11H9l-5 4zM8 9h8M8 12h5" />);
const WhatsAppIcon = icon(<path d="M3 21l1.6-4.6A9 9 0 1 1 8 19.6zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.8-2.2-1-1 1a4.5 4.5 0 0 1-2.5-2.5l1-1-1-2.2z" />);
const InstagramIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
const FacebookIcon = icon(<path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z" />);
const TelegramIcon = icon(<path d="M21 4L3 11l6 2.5M21 4l-3 16-9-6.5M21 4L9 13.5V19l3-3" />);
const TwitterIcon = icon(<path d="M4 4l16 16M20 4L4 20" />);

const CHANNEL_ICONS: Record<string, (props: IconProps) => ReactNode> = {
  LIVECHAT: ChatIcon,
  WHATSAPP: WhatsAppIcon,
  IG: InstagramIcon,
  FACEBOOK: FacebookIcon,
  TELEGRAM: TelegramIcon,
  TWITTER: TwitterIcon,
};

export function ChannelIcon({ csType, ...props }: IconProps & { csType: string }) {
  const Icon = CHANNEL_ICONS[csType.toUpperCase()] ?? HeadsetIcon;
  return <Icon {...props} />;
}

// ---- App install guides -----------------------------------------------------------------------------------------

export const AppleIcon = icon(
  <path d="M16 3c0 2-1.5 3.5-3.5 3.5 0-2 1.5-3.5 3.5-3.5zM12 8c1.5 0 2.5-1 4-1 2 0 3.5 1.5 4 3-2 1-3 2.5-3 4.5 0 2 1.2 3.5 3 4-.8 2-2.4 4.5-4 4.5-1.4 0-2-.8-3.5-.8S10.4 23 9 23c-2.5 0-6-5-6-10 0-3.5 2.4-6 5-6 1.5 0 2.5 1 4 1z" />,
);
export const AndroidIcon = icon(<path d="M5 16V11a7 7 0 0 1 14 0v5zM5 16v2a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-2M7 5L5.5 3M17 5l1.5-2M9 9.5h.01M15 9.5h.01" />);
export const ShareIcon = icon(<path d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />);
export const AddSquareIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <path d="M12 8v8M8 12h8" />
  </>,
);
export const DotsIcon = icon(<path d="M12 5h.01M12 12h.01M12 19h.01" strokeWidth={3} />);
export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </>,
);
export const BrowserIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="M12 8.5h8.5M8.9 13.8L4.6 6.5M15 13.8L10.8 21" />
  </>,
);
export const InstallIcon = icon(<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />);
export const CheckIcon = icon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const RefreshIcon = icon(<path d="M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6" />);
export const ExternalIcon = icon(<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />);
