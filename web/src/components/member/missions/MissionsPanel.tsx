/** Member-centre panel missionLeaderboard: daily and weekly missions, claims and the live leaderboard. */
export function MissionsPanel() {
  return <div className="panel-stack" data-testid="panel-missionLeaderboard" />;
}
