/** Member-centre panel rewardCenter (flag REWCEN3): everything the member can claim, in one list. */
export function RewardCenterPanel() {
  return <div className="panel-stack" data-testid="panel-rewardCenter" />;
}
