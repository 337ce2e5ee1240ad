import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCases } from '../../../useCases';
import type { LotteryFamily } from '@wps/contracts/lottery-rules';
import { call, errorMessage } from '../../../api';
import { houseLotteryApi, type LotteryGamesValue } from '../../lottery/play/houseLotteryApi';
import { familyKey } from '../../lottery/play/labels';
import { ResultsBoard } from '../../lottery/play/ResultsBoard';
import { checkLotteryDraw, lotteryFieldProblem, type LotteryDrawCheck, type LotteryDrawFields } from './lotteryDrawCheck';
import '../../lottery/play/play.css';
import './lotteryDraw.css';

type LotteryGameEntry = LotteryGamesValue['games'][number];

function Check({ id, label, value }: { id: string; label: string; value: boolean | null }) {
  const { t } = useTranslation();
  const state = value === null ? 'skipped' : value ? 'pass' : 'fail';
  return (
    <li data-testid={`verify-lottery-check-${id}`} data-state={state} className={`hl-check is-${state}`}>
      <span aria-hidden="true">{value === null ? '–' : value ? '✓' : '✗'}</span> {label}: <strong>{t(`house_lv_${state}`)}</strong>
    </li>
  );
}

/**
 * Verifies a house lottery draw in this browser: from the game, the draw number and the revealed server seed it
 * recomputes the numbers with the lottery's own rules (client seed `${gameCode}:${drawNo}`, nonce 0), checks the seed's
 * SHA-256 against the hash published before the draw opened, and compares the numbers with the published result when
 * the house still has the draw.
 */
export function LotteryVerify({ initial }: { initial: LotteryDrawFields }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<LotteryDrawFields>(initial);
  const [games, setGames] = useState<LotteryGameEntry[] | null>(null);
  const gamesRequest = useRef<Promise<LotteryGameEntry[]> | null>(null);
  const loadGames = useCallback(() => {
    gamesRequest.current ??= houseLotteryApi.games().then(
      (value) => value.games,
      (failure: unknown) => {
        gamesRequest.current = null;
        throw failure;
      },
    );
    return gamesRequest.current;
  }, []);
  useEffect(() => {
    loadGames().then(setGames, () => setGames([]));
  }, [loadGames]);

  const [check, setCheck] = useState<LotteryDrawCheck | null>(null);
  const [published, setPublished] = useState<string[] | null>(null);
  const [checkedDraw, setCheckedDraw] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = useCallback(
    async (draw: LotteryDrawFields) => {
      setError(null);
      setCheck(null);
      setPublished(null);
      const problem = lotteryFieldProblem(draw);
      if (problem) {
        setError(t(`house_lv_err_${problem}`));
        return;
      }
      setBusy(true);
      try {
        const gameCode = draw.gameCode.trim();
        const [list, proof] = await Promise.all([loadGames().catch(() => [] as LotteryGameEntry[]), call(useCases.lotteryDrawProof, { gameCode, drawNo: draw.drawNo.trim() }).catch(() => null)]);
        const family: LotteryFamily | undefined = list.find((entry) => entry.gameCode === gameCode)?.family ?? proof?.family;
        if (!family) throw new Error(t('house_lv_unknown_game'));
        const numbers = proof?.numbers ?? null;
        setPublished(numbers);
        setCheck(await checkLotteryDraw(family, draw, numbers));
        setCheckedDraw(draw.drawNo.trim());
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setBusy(false);
      }
    },
    [loadGames, t],
  );

  // Opened from a draw's "Verify" link: the draw is checked at once.
  const ranInitial = useRef(false);
  useEffect(() => {
    if (ranInitial.current || !initial.gameCode || !initial.serverSeed) return;
    ranInitial.current = true;
    void verify(initial);
  }, [initial, verify]);

  const set = (key: keyof LotteryDrawFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));
  const options = games ?? [];
  const listed = options.some((entry) => entry.gameCode === fields.gameCode);
  const passed = check !== null && check.hashMatches === true && check.resultMatches !== false;
  const failed = check !== null && (check.hashMatches === false || check.resultMatches === false);

  return (
    <section className="house-panel house-verify lv-verify" data-testid="verify-lottery">
      <p className="house-muted">{t('house_lv_intro')}</p>
      <div className="lv-fields">
        <label className="house-field">
          <span>{t('house_lv_game')}</span>
          <select data-testid="verify-lottery-game" value={fields.gameCode} onChange={set('gameCode')}>
            {!listed && <option value={fields.gameCode}>{fields.gameCode || '—'}</option>}
            {options.map((entry) => (
              <option key={entry.gameCode} value={entry.gameCode}>
                {`${entry.gameCode} · ${t(familyKey(entry.family))}${entry.region ? ` · ${entry.region}` : ''}`}
              </option>
            ))}
          </select>
        </label>
        <label className="house-field">
          <span>{t('house_lv_draw')}</span>
          <input data-testid="verify-lottery-draw" inputMode="numeric" autoComplete="off" placeholder="20261126-0042" value={fields.drawNo} onChange={set('drawNo')} />
        </label>
        <label className="house-field lv-wide">
          <span>{t('house_lv_seed')}</span>
          <input className="house-mono" data-testid="verify-lottery-seed" autoComplete="off" spellCheck={false} value={fields.serverSeed} onChange={set('serverSeed')} />
        </label>
        <label className="house-field lv-wide">
          <span>{t('house_lv_hash')}</span>
          <input className="house-mono" data-testid="verify-lottery-hash" autoComplete="off" spellCheck={false} value={fields.seedHash} onChange={set('seedHash')} />
        </label>
      </div>
      <button type="button" className="house-play" data-testid="verify-lottery-run" disabled={busy} onClick={() => void verify(fields)}>
        {busy ? t('house_lv_checking') : t('house_lv_run')}
      </button>
      {check && (
        <div className="house-verified lv-result" data-testid="verify-lottery-result" data-state={passed ? 'pass' : failed ? 'fail' : 'skipped'}>
          <p className={`lv-verdict${passed ? ' is-pass' : failed ? ' is-fail' : ''}`} data-testid="verify-lottery-verdict" role="status">
            {t(passed ? 'house_lv_verdict_pass' : failed ? 'house_lv_verdict_fail' : 'house_lv_verdict_no_hash', { drawNo: checkedDraw })}
          </p>
          <ul className="hl-checks">
            <Check id="hash" label={t('house_lv_check_hash')} value={check.hashMatches} />
            <Check id="result" label={t('house_lv_check_result')} value={check.resultMatches} />
          </ul>
          <dl className="lv-facts">
            <dt>{t('house_lv_computed_hash')}</dt>
            <dd className="house-mono" data-testid="verify-lottery-computed-hash">
              {check.hash}
            </dd>
            <dt>{t('house_lv_client_seed')}</dt>
            <dd className="house-mono">{check.clientSeed}</dd>
            <dt>{t('house_lv_numbers')}</dt>
            <dd className="house-mono" data-testid="verify-lottery-numbers">
              {check.numbers.join(' ')}
            </dd>
            {published && check.resultMatches === false && (
              <>
                <dt>{t('house_lv_published')}</dt>
                <dd className="house-mono" data-testid="verify-lottery-published">
                  {published.join(' ')}
                </dd>
              </>
            )}
          </dl>
          <div className="lv-board">
            <ResultsBoard outcome={check.outcome} />
          </div>
        </div>
      )}
      {error && (
        <p className="house-error" role="alert" data-testid="verify-lottery-error">
          {error}
        </p>
      )}
    </section>
  );
}
