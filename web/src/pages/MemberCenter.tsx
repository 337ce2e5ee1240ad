import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRealMemberPage } from '../hooks/useRealMemberPage';
import { BettingRecordPanel } from '../components/member/BettingRecordPanel';
import { DepositPanel } from '../components/member/DepositPanel';
import { TransactionHistoryPanel } from '../components/member/TransactionHistoryPanel';
import { TransferPanel } from '../components/member/TransferPanel';
import { WithdrawPanel } from '../components/member/WithdrawPanel';
import { SecurityPanel } from '../components/member/security/SecurityPanel';
import { ProfilePanel } from '../components/member/profile/ProfilePanel';
import { MessagesPanel } from '../components/member/messages/MessagesPanel';
import { FeedbackPanel } from '../components/member/feedback/FeedbackPanel';
import { RewardCenterPanel } from '../components/member/rewards/RewardCenterPanel';
import { BonusDetailsPanel } from '../components/member/rewards/BonusDetailsPanel';
import { RewardBadge } from '../components/member/rewards/RewardBadge';
import { MissionsPanel } from '../components/member/missions/MissionsPanel';
import { ReferralPanel } from '../components/member/referral/ReferralPanel';
import { ManualRebatePanel } from '../components/member/rebate/ManualRebatePanel';
import { isPanel, MEMBER_PANELS, panelLink, type MemberPanel } from './memberPanels';

const PANELS: Record<MemberPanel, ComponentType> = {
  depositv2: DepositPanel,
  withdraw: WithdrawPanel,
  transferFund: TransferPanel,
  transactionHistory: TransactionHistoryPanel,
  personalHistoryCopy: BettingRecordPanel,
  securityCenter: SecurityPanel,
  profile: ProfilePanel,
  messageV2: MessagesPanel,
  feedback: FeedbackPanel,
  rewardCenter: RewardCenterPanel,
  bonusDetails: BonusDetailsPanel,
  missionLeaderboard: MissionsPanel,
  referral: ReferralPanel,
  manualRebate: ManualRebatePanel,
};

/** The member centre (lazy area "MemberCenter"): login required, trial accounts refused. */
export default function MemberCenter() {
  const { t } = useTranslation();
  const member = useRealMemberPage();
  const [params] = useSearchParams();
  const requested = params.get('panel');
  const panel: MemberPanel = isPanel(requested) ? requested : 'depositv2';

  if (!member) return null;

  const Panel = PANELS[panel];
  return (
    <div className="member-center" data-testid="member-center" data-panel={panel}>
      <nav className="member-nav" aria-label={t('member_center')}>
        <div className="member-nav-head">
          <span className="member-nav-title">{t('member_center')}</span>
          <span className="member-nav-account">{member.account}</span>
        </div>
        {MEMBER_PANELS.map((name) => (
          <Link key={name} to={panelLink(name)} className={`member-nav-item${name === panel ? ' active' : ''}`} aria-current={name === panel ? 'page' : undefined} data-testid={`member-nav-${name}`}>
            {t(`panel_${name}`)}
            {name === 'rewardCenter' && <RewardBadge />}
          </Link>
        ))}
      </nav>
      <div className="member-content">
        <h1 className="member-title">{t(`panel_${panel}`)}</h1>
        <Panel key={panel} />
      </div>
    </div>
  );
}
