import { useClaimableMissions } from './missionsState';

/** The number of mission rewards waiting to be claimed, as a small badge (nothing at zero); live by push. */
export function MissionsBadge({ className }: { className?: string }) {
  const claimable = useClaimableMissions();
  if (claimable <= 0) return null;
  return (
    <span className={`unread-badge${className ? ` ${className}` : ''}`} data-testid="missions-badge">
      {claimable > 99 ? '99+' : claimable}
    </span>
  );
}

/** The missions links' icon: a target, drawn like the side menu's other icons. */
export function MissionsIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </svg>
  );
}
