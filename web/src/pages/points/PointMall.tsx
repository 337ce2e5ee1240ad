/** The points mall (lazy area "PointMall", login required): points, rewards, redeem history and points details. */
export default function PointMall() {
  return <div className="point-mall" data-testid="point-mall" />;
}
