import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type Leaderboard, type LeaderboardEntry, type MemberMission } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { formatAmount, groupThousands } from '../../../money';
import { panelLink } from '../../../pages/memberPanels';
import { usePreferences } from '../../../state/preferences';
import { useSession } from '../../../state/session';
import { showToast } from '../../../state/ui';
import { acceptRewardCount } from '../rewards/rewardCount';
import { Card, formatDateTime, ListState } from '../common';
import { missionKeys, useMissionLeaderboard, useMissionSummary } from './missionsState';
import './missions.css';

type Tab = 'missions' | 'leaderboard';

/** Minor units ("123456") as an amount with two decimals ("1234.56"). */
export function minorToAmount(minor: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A mission's target or progress in its own unit: money for bets and deposits, days, or rounds. */
function quantity(mission: MemberMission, value: string): string {
  return mission.kind === 'bet' || mission.kind === 'deposit' ? `$ ${formatAmount(minorToAmount(value))}` : groupThousands(value);
}

/** A reward as the member reads it: "+50 points", "$ 10.00 bonus", "$ 20.00 cash". */
function useRewardText() {
  const { t } = useTranslation();
  return (kind: 'points' | 'bonus' | 'cash', amount: string) =>
    kind === 'points' ? t('missions_reward_points', { points: groupThousands(amount) }) : t(`missions_reward_${kind}`, { amount: `$ ${formatAmount(minorToAmount(amount))}` });
}

/** Whole percent of the target, never above 100. */
const percentOf = (progress: string, target: string): number => {
  const done = BigInt(progress);
  const goal = BigInt(target);
  if (goal <= 0n) return 0;
  return Number(done >= goal ? 100n : (done * 100n) / goal);
};

/**
 * missionLeaderboard: the member's daily and weekly missions with their progress and rewards, and the weekly mission
 * leaderboard. Both follow `missions` pushes: a bet settled elsewhere moves the bars and the ranking here.
 */
export function MissionsPanel() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('missions');
  return (
    <div className="panel-stack missions-panel" data-testid="panel-missionLeaderboard">
      <div className="tabs missions-tabs" role="tablist">
        {(['missions', 'leaderboard'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className={`tab${tab === name ? ' active' : ''}`} data-testid={`missions-tab-${name}`} onClick={() => setTab(name)}>
            {t(`missions_tab_${name}`)}
          </button>
        ))}
      </div>
      {tab === 'missions' ? <MissionList /> : <LeaderboardView />}
    </div>
  );
}

function MissionList() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const summary = useMissionSummary();
  const missions = summary.data?.missions ?? [];
  const error = summary.error ? errorMessage(summary.error) : null;
  return (
    <>
      {(['daily', 'weekly'] as const).map((period) => {
        const list = missions.filter((mission) => mission.period === period);
        const endsAt = list[0]?.periodEndsAt;
        return (
          <Card
            key={period}
            title={t(`missions_${period}`)}
            testId={`missions-${period}`}
            aside={endsAt ? <span className="missions-resets">{t('missions_resets_at', { at: formatDateTime(endsAt, language) })}</span> : undefined}
          >
            {list.length === 0 ? (
              <ListState loading={summary.isLoading} error={error} empty emptyText={t('missions_empty')} testId={`missions-${period}`} />
            ) : (
              <ul className="missions-list">
                {list.map((mission) => (
                  <MissionItem key={mission.missionId} mission={mission} />
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </>
  );
}

function MissionItem({ mission }: { mission: MemberMission }) {
  const { t } = useTranslation();
  const reward = useRewardText();
  const percent = percentOf(mission.progress, mission.target);
  return (
    <li className={`missions-item is-${mission.state}`} data-testid={`mission-${mission.missionId}`} data-state={mission.state}>
      <div className="missions-item-head">
        <span className={`missions-kind kind-${mission.kind}`} aria-hidden="true">
          <KindIcon kind={mission.kind} />
        </span>
        <div className="missions-item-text">
          <strong className="missions-item-title">{mission.title}</strong>
          <span className="missions-item-reward">{reward(mission.rewardKind, mission.rewardAmount)}</span>
        </div>
        <div className="missions-item-action">
          {mission.state === 'completed' && <ClaimButton mission={mission} />}
          {mission.state === 'claimed' && <span className="missions-tag is-claimed">{t('missions_claimed')}</span>}
          {mission.state === 'expired' && <span className="missions-tag is-expired">{t('missions_expired')}</span>}
          {mission.state === 'in_progress' && <span className="missions-percent">{percent}%</span>}
        </div>
      </div>
      <div className="missions-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={mission.title} data-testid={`mission-progress-${mission.missionId}`}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="missions-item-count">
        {t(`missions_count_${mission.kind}`, { progress: quantity(mission, mission.progress), target: quantity(mission, mission.target) })}
        {mission.category && <span className="missions-category">{t('missions_category', { category: mission.category })}</span>}
      </div>
    </li>
  );
}

/**
 * Claims a completed mission's reward in the reward centre (paid there: points, bonus or cash). Trial accounts cannot
 * claim and are shown the reward centre instead; a second claim from another tab answers the reward centre's error.
 */
function ClaimButton({ mission }: { mission: MemberMission }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { member, token } = useSession();
  const { language } = usePreferences();
  const [busy, setBusy] = useState(false);
  if (!mission.rewardId || member?.isTrial) {
    return (
      <Link to={panelLink('rewardCenter')} className="btn btn-primary btn-sm" data-testid={`mission-claim-${mission.missionId}`}>
        {t('missions_claim')}
      </Link>
    );
  }
  const grantId = mission.rewardId;
  const claim = async () => {
    setBusy(true);
    try {
      const claimed = await call(useCases.claimReward, { grantId });
      if (token) acceptRewardCount(client, token, { count: claimed.count, version: claimed.version });
      showToast(t('missions_claimed_toast', { title: mission.title }));
    } catch (failure) {
      showToast(errorMessage(failure));
    } finally {
      await client.invalidateQueries({ queryKey: missionKeys.summary(token, language) });
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-primary btn-sm" disabled={busy} data-testid={`mission-claim-${mission.missionId}`} onClick={() => void claim()}>
      {t('missions_claim')}
    </button>
  );
}

function LeaderboardView() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const board = useMissionLeaderboard();
  const data = board.data;
  const error = board.error ? errorMessage(board.error) : null;
  if (!data) return <ListState loading={board.isLoading} error={error} empty emptyText={t('missions_board_empty')} testId="missions-board" />;
  const score = (value: string) => (data.metric === 'turnover' ? `$ ${formatAmount(minorToAmount(value))}` : t('missions_score_points', { points: groupThousands(value) }));
  const podium = data.top.slice(0, 3);
  const rest = data.top.slice(3);
  return (
    <>
      <Card title={t('missions_board_title')} testId="missions-board" aside={<span className="missions-resets">{t('missions_board_ends', { at: formatDateTime(data.weekEndsAt, language) })}</span>}>
        <p className="missions-board-metric">{t(`missions_board_metric_${data.metric}`)}</p>
        {data.top.length === 0 ? (
          <p className="list-empty" data-testid="missions-board-empty">
            {t('missions_board_empty')}
          </p>
        ) : (
          <>
            <ol className="missions-podium" data-testid="missions-podium">
              {podium.map((entry) => (
                <li key={entry.rank} className={`missions-podium-step place-${entry.rank}${entry.self ? ' is-self' : ''}`} data-testid={`missions-rank-${entry.rank}`}>
                  <span className="missions-medal">{entry.rank}</span>
                  <span className="missions-account">{entry.account}</span>
                  <span className="missions-score">{score(entry.score)}</span>
                  <span className="missions-podium-block" aria-hidden="true" />
                </li>
              ))}
            </ol>
            {rest.length > 0 && (
              <ol className="missions-ranks" start={4}>
                {rest.map((entry) => (
                  <RankRow key={entry.rank} entry={entry} score={score} />
                ))}
              </ol>
            )}
          </>
        )}
        <OwnRank board={data} score={score} />
      </Card>
      {data.prizes.length > 0 && <Prizes board={data} />}
    </>
  );
}

function RankRow({ entry, score }: { entry: LeaderboardEntry; score: (value: string) => string }) {
  return (
    <li className={`missions-rank${entry.self ? ' is-self' : ''}`} data-testid={`missions-rank-${entry.rank}`}>
      <span className="missions-rank-no">{entry.rank}</span>
      <span className="missions-account">{entry.account}</span>
      <span className="missions-score">{score(entry.score)}</span>
    </li>
  );
}

function OwnRank({ board, score }: { board: Leaderboard; score: (value: string) => string }) {
  const { t } = useTranslation();
  if (!board.own) return null;
  return (
    <div className="missions-own" data-testid="missions-own-rank">
      <span className="missions-own-label">{t('missions_board_you')}</span>
      <span className="missions-rank-no" data-testid="missions-own-rank-no">
        {board.own.rank ?? '—'}
      </span>
      <span className="missions-account">{board.own.account}</span>
      <span className="missions-score" data-testid="missions-own-score">
        {board.own.rank === null ? t('missions_board_unranked') : score(board.own.score)}
      </span>
    </div>
  );
}

function Prizes({ board }: { board: Leaderboard }) {
  const { t } = useTranslation();
  const reward = useRewardText();
  return (
    <Card title={t('missions_prizes')} testId="missions-prizes">
      <ul className="missions-prizes">
        {board.prizes.map((prize) => (
          <li key={prize.rank}>
            <span className="missions-rank-no">{prize.rank}</span>
            <span>{reward(prize.kind, prize.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="missions-prizes-note">{t('missions_prizes_note')}</p>
    </Card>
  );
}

function KindIcon({ kind }: { kind: MemberMission['kind'] }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  switch (kind) {
    case 'bet':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="8" />
          <path d="M12 8v8M9.5 10.5c0-1 1-1.5 2.5-1.5s2.5.6 2.5 1.6c0 2.4-5 1.2-5 3.6 0 1 1.1 1.8 2.5 1.8s2.5-.5 2.5-1.5" />
        </svg>
      );
    case 'deposit':
      return (
        <svg {...common}>
          <rect x="3" y="6" width="18" height="13" rx="2" />
          <path d="M3 10h18M12 2v6M9.5 5.5L12 8l2.5-2.5" />
        </svg>
      );
    case 'sign_in':
      return (
        <svg {...common}>
          <rect x="4" y="5" width="16" height="15" rx="2" />
          <path d="M4 10h16M8 3v4M16 3v4M9 15l2 2 4-4" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect x="4" y="4" width="16" height="16" rx="3" />
          <circle cx="9" cy="9" r="1.2" />
          <circle cx="15" cy="15" r="1.2" />
          <circle cx="15" cy="9" r="1.2" />
          <circle cx="9" cy="15" r="1.2" />
        </svg>
      );
  }
}
