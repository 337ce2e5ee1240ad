import { useSession } from '../../state/session';
import { usePromotionSummary } from './promotionsState';

/** How many promotions the member can take part in now (availablePromoCount), as a small badge; live by push, nothing at zero. */
export function PromotionsBadge({ className }: { className?: string }) {
  const { member } = useSession();
  const count = usePromotionSummary()?.availablePromoCount ?? 0;
  if (!member || member.isTrial || count <= 0) return null;
  return (
    <span className={`promo-badge${className ? ` ${className}` : ''}`} data-testid="promotions-badge" data-count={count}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
