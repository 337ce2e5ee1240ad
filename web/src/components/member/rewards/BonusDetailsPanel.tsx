/** Member-centre panel bonusDetails: every reward and bonus the member received. */
export function BonusDetailsPanel() {
  return <div className="panel-stack" data-testid="panel-bonusDetails" />;
}
