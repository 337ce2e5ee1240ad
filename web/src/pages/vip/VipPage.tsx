/** The VIP page: the brand's levels, the member's progress to the next one and the level bonuses. */
export default function VipPage() {
  return <div className="vip-page" data-testid="vip-page" />;
}
