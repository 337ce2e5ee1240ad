import { useRewardCount } from './rewardCount';

/** The number of rewards the member can claim, as a small badge (nothing at zero); live through the `rewards` push. */
export function RewardBadge({ className }: { className?: string }) {
  const count = useRewardCount()?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className={`reward-badge${className ? ` ${className}` : ''}`} data-testid="reward-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
