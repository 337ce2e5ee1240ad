import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { openNotices } from './contentUi';
import { unreadOf, useReadIds } from './readMarks';
import { useContent } from './useContent';

const BellIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/** The header's notice button: opens the notice list; a dot shows while some player notice is unread. */
export function NoticeButton() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { content } = useContent();
  const read = useReadIds(member?.account ?? null);
  const unread = unreadOf(content.player, read).length;
  const label = unread > 0 ? t('content_notices_unread', { count: unread }) : t('content_notices');
  return (
    <button type="button" className="icon-button notice-button" data-testid="notice-button" data-unread={unread} onClick={() => openNotices()} aria-label={label} title={label}>
      <BellIcon />
      {unread > 0 && <span className="notice-button-dot" data-testid="notice-unread-dot" aria-hidden />}
    </button>
  );
}
