import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DrawStream,
  minePositions,
  outcomeBytes,
  playSlotRound,
  plinkoMultipliers,
  plinkoPath,
  precomputedBlocks,
  rollDice,
  ROUND_BLOCKS,
  serverSeedHash,
  SLOT_GAMES,
  diceWins,
  type PlinkoRisk,
} from '@wps/contracts/fairness';
import { LiveVerify } from './verify/LiveVerify';
import { PvpVerify } from './verify/PvpVerify';
import { LotteryVerify } from './verify/LotteryVerify';
import { lotteryDrawFieldsOf } from './verify/lotteryDrawCheck';
import { fishVerifyLines } from './fish/verifyFish';

const GAMES = ['house-dice', 'house-mines', 'house-plinko', ...Object.keys(SLOT_GAMES), 'house-fish'];

interface Verified {
  hash: string;
  lines: string[];
}

/** Recomputes a round in this browser (Web Crypto) from the revealed server seed, the client seed and the nonce. */
async function recompute(game: string, serverSeed: string, clientSeed: string, nonce: number, params: URLSearchParams): Promise<Verified> {
  const hash = await serverSeedHash(serverSeed);
  const blocks = game === 'house-dice' ? ROUND_BLOCKS.dice : game === 'house-plinko' ? ROUND_BLOCKS.plinko : game === 'house-mines' ? ROUND_BLOCKS.mines : ROUND_BLOCKS.slot;
  const draws = new DrawStream(precomputedBlocks(await outcomeBytes(serverSeed, clientSeed, nonce, blocks)));
  if (game === 'house-dice') {
    const roll = rollDice(draws);
    const direction = params.get('direction') === 'over' ? 'over' : 'under';
    const target = Math.round(Number(params.get('target') ?? '50') * 100);
    return { hash, lines: [`roll ${(roll / 100).toFixed(2)}`, `${direction} ${(target / 100).toFixed(2)}: ${diceWins(roll, direction, target) ? 'win' : 'loss'}`] };
  }
  if (game === 'house-mines') {
    const mines = Number(params.get('mines') ?? '3');
    return { hash, lines: [`mines ${minePositions(draws, mines).join(', ')}`] };
  }
  if (game === 'house-plinko') {
    const rows = Number(params.get('rows') ?? '12');
    const risk = (params.get('risk') ?? 'medium') as PlinkoRisk;
    const path = plinkoPath(draws, rows);
    const slot = path.reduce((sum, step) => sum + step, 0);
    return { hash, lines: [`path ${path.map((step) => (step ? 'R' : 'L')).join('')}`, `slot ${slot}: ${plinkoMultipliers(rows, risk)[slot]}×`] };
  }
  // FISH: one float decides the shot at the kind aimed at.
  if (game === 'house-fish') return { hash, lines: fishVerifyLines(draws, params.get('kind')) };
  const definition = SLOT_GAMES[game];
  if (!definition) throw new Error('unknown game');
  const round = playSlotRound(definition, draws);
  return {
    hash,
    lines: [`stops ${round.base.stops.join(', ')}`, ...round.base.grid.map((row) => row.join(' ')), `free spins ${round.freeSpins.length}`, `win ${round.multiplier.toFixed(4)}× the bet`],
  };
}

export default function Verify() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [game, setGame] = useState(params.get('game') ?? 'house-dice');
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [verified, setVerified] = useState<Verified | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Shared table rounds (crash, the live tables, cockfight) are verified from the table and round number.
  // Teen Patti hands (card tables) are verified from the table and hand number.
  // House lottery draws are verified from the game, the draw number and the revealed seed.
  const [kind, setKind] = useState<'solo' | 'table' | 'cards' | 'lottery'>(params.get('lottery') ? 'lottery' : params.get('pvpTable') ? 'cards' : params.get('table') ? 'table' : 'solo');
  const [lotteryDraw] = useState(() => lotteryDrawFieldsOf(params));
  const verify = async () => {
    setError(null);
    setVerified(null);
    try {
      if (!/^[0-9a-f]{64}$/i.test(serverSeed.trim())) throw new Error(t('house_verify_seed_format'));
      setVerified(await recompute(game, serverSeed.trim().toLowerCase(), clientSeed, Number(nonce), params));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <div className="house-solo">
      <div className="house-solo-top">
        <Link to="/" className="house-back">
          <span className="flip-rtl" aria-hidden="true">
            ←
          </span>{' '}
          {t('house_back')}
        </Link>
        <h1>{t('house_verify_title')}</h1>
      </div>
      <div className="hl-verify-kinds" role="tablist" aria-label={t('hl_verify_kind')}>
        <button type="button" role="tab" aria-selected={kind === 'solo'} data-testid="verify-kind-solo" className={kind === 'solo' ? 'is-selected' : ''} onClick={() => setKind('solo')}>
          {t('hl_verify_kind_solo')}
        </button>
        <button type="button" role="tab" aria-selected={kind === 'table'} data-testid="verify-kind-table" className={kind === 'table' ? 'is-selected' : ''} onClick={() => setKind('table')}>
          {t('hl_verify_kind_table')}
        </button>
        <button type="button" role="tab" aria-selected={kind === 'cards'} data-testid="verify-kind-cards" className={kind === 'cards' ? 'is-selected' : ''} onClick={() => setKind('cards')}>
          {t('tp_vp_tab')}
        </button>
        <button type="button" role="tab" aria-selected={kind === 'lottery'} data-testid="verify-kind-lottery" className={kind === 'lottery' ? 'is-selected' : ''} onClick={() => setKind('lottery')}>
          {t('house_lv_tab')}
        </button>
      </div>
      {kind === 'lottery' ? <LotteryVerify initial={lotteryDraw} /> : null}
      {kind === 'cards' ? <PvpVerify initialTable={params.get('pvpTable') ?? ''} initialHand={params.get('hand') ?? ''} /> : null}
      {kind === 'table' ? <LiveVerify initialTable={params.get('table') ?? ''} initialRound={params.get('round') ?? ''} /> : null}
      <section className="house-panel house-verify" style={kind === 'solo' ? undefined : { display: 'none' }}>
        <p className="house-muted">{t('house_verify_intro')}</p>
        <label className="house-field">
          <span>{t('house_game')}</span>
          <select value={game} onChange={(event) => setGame(event.target.value)}>
            {GAMES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        <label className="house-field">
          <span>{t('house_server_seed')}</span>
          <input className="house-mono" data-testid="verify-server-seed" value={serverSeed} onChange={(event) => setServerSeed(event.target.value)} />
        </label>
        <label className="house-field">
          <span>{t('house_client_seed')}</span>
          <input data-testid="verify-client-seed" value={clientSeed} onChange={(event) => setClientSeed(event.target.value)} />
        </label>
        <label className="house-field">
          <span>{t('house_nonce')}</span>
          <input data-testid="verify-nonce" inputMode="numeric" value={nonce} onChange={(event) => setNonce(event.target.value)} />
        </label>
        <button type="button" className="house-play" data-testid="verify-run" onClick={() => void verify()}>
          {t('house_verify')}
        </button>
        {verified && (
          <div className="house-verified" data-testid="verify-result">
            <p>
              {t('house_server_seed_hash')}:{' '}
              <span className="house-mono" data-testid="verify-hash">
                {verified.hash}
              </span>
            </p>
            {verified.lines.map((line) => (
              <p key={line} className="house-mono">
                {line}
              </p>
            ))}
          </div>
        )}
        {error && (
          <p className="house-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
