import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FISH_CANNON_LEVELS, FISH_GAME_CODE, FISH_KINDS, FISH_MAX_SHOTS_PER_SECOND, FISH_RTP, fishCatchChance } from '@wps/contracts/fairness-fish';
import { useSession } from '../../../state/session';
import { useWallet } from '../../../state/wallet';
import { errorText, SoloFrame } from '../solo/SoloParts';
import { fishApi, type FishResult } from './fishApi';
import { SeaScene } from './scene';
import { nearestOfKind, SEA_HEIGHT, SEA_WIDTH, swimmerAt, type Swimmer } from './swim';
import './fish.css';

const MIN_SHOT_GAP_MS = 1000 / FISH_MAX_SHOTS_PER_SECOND;
/** The panels and the header balance follow play at this pace, not per shot, to stay inside the per-IP budget. */
const PANEL_REFRESH_MS = 1_500;
const CATCHES_SHOWN = 8;

interface Catch {
  roundId: string;
  kind: string;
  multiplier: number;
  win: string;
}

interface Outcome {
  caught: boolean;
  text: string;
}

/** Ocean Hunter: a canvas fishing game where each shot is a bet and each catch a provably fair draw. */
export default function FishGame() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { balanceText, refreshBalance } = useWallet();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const sceneRef = useRef<SeaScene | null>(null);
  const lastShotAt = useRef(0);
  const inFlight = useRef(0);
  const latestRound = useRef(0);
  const [levelIndex, setLevelIndex] = useState(3);
  const [selected, setSelected] = useState(FISH_KINDS[0]!.kind);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [catches, setCatches] = useState<Catch[]>([]);
  const [balance, setBalance] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shots, setShots] = useState({ fired: 0, settled: 0 });
  const [history, setHistory] = useState(0);
  const amount = FISH_CANNON_LEVELS[levelIndex]!;
  const kindName = useCallback((kind: string) => t(`fish_kind_${kind}`), [t]);

  // The sea draws itself every frame from the clock; React only hands it the cannon level.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !member) return;
    const scene = (sceneRef.current ??= new SeaScene());
    const context = canvas.getContext('2d');
    if (!context) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = SEA_WIDTH * ratio;
    canvas.height = SEA_HEIGHT * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    let frame = 0;
    const paint = (now: number) => {
      scene.draw(context, now);
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(frame);
  }, [member]);

  useEffect(() => {
    if (sceneRef.current) sceneRef.current.level = levelIndex + 1;
  }, [levelIndex, member]);

  // Panels refresh on a trailing timer after play, never once per shot.
  useEffect(() => {
    if (shots.settled === 0) return;
    const timer = window.setTimeout(() => {
      setHistory((count) => count + 1);
      void refreshBalance();
    }, PANEL_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [shots.settled, refreshBalance]);

  const fireAt = useCallback(
    async (swimmer: Swimmer) => {
      const scene = sceneRef.current;
      const now = performance.now();
      // One shot per click, at most five a second: a faster click is ignored rather than queued.
      if (!scene || now - lastShotAt.current < MIN_SHOT_GAP_MS || inFlight.current >= 2) return;
      lastShotAt.current = now;
      inFlight.current += 1;
      setError(null);
      setShots((count) => ({ ...count, fired: count.fired + 1 }));
      const bullet = scene.fire(swimmer);
      try {
        const round = await fishApi.shoot(amount, swimmer.fish.kind);
        const result = round.result as unknown as FishResult;
        scene.settle(bullet, result.caught, result.caught ? `×${swimmer.fish.multiplier} +${round.win}` : t('fish_miss_popup'));
        setOutcome({
          caught: result.caught,
          text: result.caught ? t('fish_caught', { kind: kindName(result.kind), multiplier: swimmer.fish.multiplier, win: round.win }) : t('fish_missed', { kind: kindName(result.kind) }),
        });
        // Answers may cross: the balance shown is the one after the latest round.
        if (round.balance !== undefined && Number(round.roundId) > latestRound.current) {
          latestRound.current = Number(round.roundId);
          setBalance(round.balance);
        }
        if (result.caught) setCatches((list) => [{ roundId: round.roundId, kind: result.kind, multiplier: swimmer.fish.multiplier, win: round.win }, ...list].slice(0, CATCHES_SHOWN));
      } catch (caught) {
        scene.drop(bullet);
        setError(errorText(caught, t('house_error')));
      } finally {
        inFlight.current -= 1;
        setShots((count) => ({ ...count, settled: count.settled + 1 }));
      }
    },
    [amount, kindName, t],
  );

  /** The keyboard way and the kind list: fire at the nearest fish of a kind (or where it will swim in). */
  const fireAtKind = useCallback(
    (kind: string) => {
      const scene = sceneRef.current;
      if (!scene) return;
      const seconds = scene.seconds();
      const swimmer = nearestOfKind(scene.school, seconds, kind, scene.hidden(seconds)) ?? scene.school.find((entry) => entry.fish.kind === kind);
      if (swimmer) void fireAt(swimmer);
    },
    [fireAt],
  );

  const seaPoint = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * SEA_WIDTH) / box.width, y: ((event.clientY - box.top) * SEA_HEIGHT) / box.height };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const point = seaPoint(event);
    sceneRef.current?.pointTo(point.x, point.y);
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const scene = sceneRef.current;
    if (!scene) return;
    const point = seaPoint(event);
    scene.pointTo(point.x, point.y);
    const seconds = scene.seconds();
    const swimmer = swimmerAt(scene.school, seconds, point.x, point.y, scene.hidden(seconds));
    if (swimmer) void fireAt(swimmer);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const index = FISH_KINDS.findIndex((fish) => fish.kind === selected);
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : FISH_KINDS.length - 1;
      setSelected(FISH_KINDS[(index + step) % FISH_KINDS.length]!.kind);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      setLevelIndex((level) => Math.min(FISH_CANNON_LEVELS.length - 1, Math.max(0, level + (event.key === 'ArrowUp' ? 1 : -1))));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      fireAtKind(selected);
    }
  };

  return (
    <SoloFrame game={FISH_GAME_CODE} title={t('fish_title')} history={history}>
      <div className="fish-game" data-testid="fish-game" data-fired={shots.fired} data-settled={shots.settled}>
        <div className="fish-hud">
          <span className="fish-hud-balance">
            {t('house_balance')}: <strong data-testid="fish-balance">{balance ?? balanceText ?? '…'}</strong>
          </span>
          <span className="fish-level" role="group" aria-label={t('fish_cannon_level')}>
            <button type="button" data-testid="fish-level-down" aria-label={t('fish_level_down')} disabled={levelIndex === 0} onClick={() => setLevelIndex((level) => Math.max(0, level - 1))}>
              −
            </button>
            <span>
              {t('fish_cannon_level')} {levelIndex + 1} · {t('house_bet')} <strong data-testid="fish-bet">{amount}</strong>
            </span>
            <button
              type="button"
              data-testid="fish-level-up"
              aria-label={t('fish_level_up')}
              disabled={levelIndex === FISH_CANNON_LEVELS.length - 1}
              onClick={() => setLevelIndex((level) => Math.min(FISH_CANNON_LEVELS.length - 1, level + 1))}
            >
              +
            </button>
          </span>
          <span className="house-muted">{t('fish_rtp', { rtp: (FISH_RTP * 100).toFixed(0) })}</span>
        </div>
        <canvas
          ref={canvasRef}
          className="fish-sea"
          data-testid="fish-sea"
          tabIndex={0}
          aria-label={t('fish_sea_label', { kind: kindName(selected) })}
          aria-describedby="fish-keys"
          onPointerMove={onPointerMove}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
        />
        <p id="fish-keys" className="house-muted">
          {t('fish_keys_help')}
        </p>
        <p className={`fish-outcome ${outcome ? (outcome.caught ? 'is-caught' : 'is-missed') : ''}`} data-testid="fish-outcome" aria-live="polite">
          {outcome?.text ?? t('fish_aim_help')}
        </p>
        {error && (
          <p className="house-error" role="alert">
            {error}
          </p>
        )}
        <div className="fish-panels">
          <section className="house-panel" aria-labelledby="fish-kinds-title">
            <h2 id="fish-kinds-title">{t('fish_kinds_title')}</h2>
            <ul className="fish-kinds" data-testid="fish-kinds">
              {FISH_KINDS.map((fish) => (
                <li key={fish.kind} className={fish.kind === selected ? 'is-selected' : ''}>
                  <span className="fish-kind-name">
                    {kindName(fish.kind)}
                    {fish.boss ? ` · ${t('fish_boss')}` : ''}
                  </span>
                  <span className="fish-kind-pay">×{fish.multiplier}</span>
                  <span className="house-muted">{t('fish_chance', { chance: (fishCatchChance(fish.multiplier) * 100).toFixed(2) })}</span>
                  <button
                    type="button"
                    data-testid={`fish-fire-${fish.kind}`}
                    aria-label={t('fish_fire_at', { kind: kindName(fish.kind), multiplier: fish.multiplier, amount })}
                    onClick={() => {
                      setSelected(fish.kind);
                      fireAtKind(fish.kind);
                    }}
                  >
                    {t('fish_fire')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section className="house-panel" aria-labelledby="fish-catches-title">
            <h2 id="fish-catches-title">{t('fish_last_catches')}</h2>
            {catches.length === 0 ? (
              <p className="house-muted">{t('fish_no_catches')}</p>
            ) : (
              <ol className="fish-catches" data-testid="fish-catches">
                {catches.map((entry) => (
                  <li key={entry.roundId}>
                    {kindName(entry.kind)} ×{entry.multiplier} <span className="house-won">+{entry.win}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </SoloFrame>
  );
}
