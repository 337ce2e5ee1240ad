import { useUnreadCount } from '../../../state/unread';

/** The unread-message count as a small badge (nothing at zero); live through the `unread` push. */
export function UnreadBadge({ className }: { className?: string }) {
  const unread = useUnreadCount();
  if (unread <= 0) return null;
  return (
    <span className={`unread-badge${className ? ` ${className}` : ''}`} data-testid="unread-badge">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
