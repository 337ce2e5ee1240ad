/** The member's VIP label (vipLabelName) on the header's avatar; nothing for guests, trial accounts or brands without VIP. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { useVipStanding } from './vipState';
import './vipBadges.css';

export function VipAvatarLabel() {
  const { t } = useTranslation();
  const { member } = useSession();
  const standing = useVipStanding();
  if (!member || member.isTrial || !standing?.hasVip || !standing.vipLabelName) return null;
  return (
    <span
      className={`vip-badge vip-tier-${Math.min(Math.max(standing.vipRankLevel, 0), 9)} avatar-vip`}
      data-testid="avatar-vip-label"
      data-level={standing.vipRankLevel}
      title={t('vip_avatar_label', { label: standing.vipLabelName })}
    >
      {standing.vipLabelName}
    </span>
  );
}
