import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { checkLiveRound, type LiveRoundCheck } from '@wps/contracts/house-live-fairness';
import type { LiveGame } from '@wps/contracts/house-live';
import '../live/live.css';

type LiveRoundProof = UseCaseResponse<UseCases['liveRoundProof']>;
type TableSummary = UseCaseResponse<UseCases['liveTables']>[number];

/** How a result reads in one line, the same way for the stored and the recomputed one. */
function describeResult(game: LiveGame, result: Record<string, unknown> | null, odds: Record<string, string> | null): string {
  if (!result) return '-';
  switch (game) {
    case 'crash':
      return `${(Number(result.crashX100) / 100).toFixed(2)}×`;
    case 'roulette':
      return `${String(result.number)} ${String(result.color)}`;
    case 'baccarat':
      return `P ${(result.player as string[]).join(' ')} (${String(result.playerTotal)}) · B ${(result.banker as string[]).join(' ')} (${String(result.bankerTotal)}) · ${String(result.winner)}`;
    case 'dragon-tiger':
      return `D ${String(result.dragon)} · T ${String(result.tiger)} · ${String(result.winner)}`;
    case 'cockfight':
      return `${String(result.winner)}${odds ? ` (meron ${odds.meron}, wala ${odds.wala}, draw ${odds.draw})` : ''}`;
  }
}

function Check({ id, label, value }: { id: string; label: string; value: boolean | null }) {
  const { t } = useTranslation();
  const state = value === null ? 'skipped' : value ? 'pass' : 'fail';
  return (
    <li data-testid={`verify-live-check-${id}`} data-state={state} className={`hl-check is-${state}`}>
      <span aria-hidden="true">{value === null ? '–' : value ? '✓' : '✗'}</span> {label}: <strong>{t(`hl_verify_${state}`)}</strong>
    </li>
  );
}

/**
 * Verifies a round of a shared table in this browser: fetches the settled round's revealed seed and chain links, then
 * with Web Crypto checks the seed against its published hash, the chain link to the next round and the chain head, and
 * recomputes the outcome with the same rules the server drew it with.
 */
export function LiveVerify({ initialTable, initialRound }: { initialTable: string; initialRound: string }) {
  const { t } = useTranslation();
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [tableId, setTableId] = useState(initialTable || 'roulette-1');
  const [roundNo, setRoundNo] = useState(initialRound);
  const [proof, setProof] = useState<LiveRoundProof | null>(null);
  const [check, setCheck] = useState<LiveRoundCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(useCases.liveTables, {}).then(setTables, () => undefined);
  }, []);

  const verify = useCallback(
    async (table: string, round: string) => {
      setError(null);
      setProof(null);
      setCheck(null);
      if (!/^\d{1,9}$/.test(round.trim())) {
        setError(t('hl_verify_round_format'));
        return;
      }
      setBusy(true);
      try {
        const found = await call(useCases.liveRoundProof, { tableId: table, roundNo: round.trim() });
        setProof(found);
        setCheck(await checkLiveRound(found));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  // A "verify" link from a table's history opens this page with the round filled in and checks it at once.
  useEffect(() => {
    if (initialTable && initialRound) void verify(initialTable, initialRound);
  }, [initialTable, initialRound, verify]);

  const tableIds = tables.length ? tables.map((table) => table.tableId) : [tableId];
  return (
    <section className="house-panel house-verify" data-testid="verify-live">
      <p className="house-muted">{t('hl_verify_intro')}</p>
      <label className="house-field">
        <span>{t('hl_verify_table')}</span>
        <select data-testid="verify-live-table" value={tableId} onChange={(event) => setTableId(event.target.value)}>
          {tableIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label className="house-field">
        <span>{t('hl_verify_round_no')}</span>
        <input data-testid="verify-live-round" inputMode="numeric" value={roundNo} onChange={(event) => setRoundNo(event.target.value)} />
      </label>
      <button type="button" className="house-play" data-testid="verify-live-run" disabled={busy} onClick={() => void verify(tableId, roundNo)}>
        {busy ? t('hl_verify_checking') : t('house_verify')}
      </button>
      {proof && check ? (
        <div className="house-verified" data-testid="verify-live-result" data-passed={check.passed ? 'true' : 'false'}>
          <p className={`hl-verdict ${check.passed ? 'is-pass' : 'is-fail'}`} data-testid="verify-live-verdict" role="status">
            {check.passed ? t('hl_verify_passed', { no: proof.roundNo }) : t('hl_verify_failed', { no: proof.roundNo })}
          </p>
          <ul className="hl-checks">
            <Check id="hash" label={t('hl_verify_check_hash')} value={check.hashMatches} />
            <Check id="link" label={t('hl_verify_check_link')} value={check.nextLinkMatches} />
            <Check id="head" label={t('hl_verify_check_head')} value={check.headReached} />
            <Check id="result" label={t('hl_verify_check_result')} value={check.resultMatches} />
          </ul>
          <dl className="hl-proof">
            <dt>{t('hl_verify_stored')}</dt>
            <dd data-testid="verify-live-stored">{describeResult(proof.game, proof.result, proof.odds)}</dd>
            <dt>{t('hl_verify_recomputed')}</dt>
            <dd data-testid="verify-live-recomputed">{describeResult(proof.game, check.recomputed, check.recomputedOdds)}</dd>
            <dt>{t('house_server_seed')}</dt>
            <dd className="house-mono" data-testid="verify-live-seed">
              {proof.serverSeed}
            </dd>
            <dt>{t('house_server_seed_hash')}</dt>
            <dd className="house-mono">{proof.seedHash}</dd>
            <dt>{t('hl_verify_next_hash')}</dt>
            <dd className="house-mono">{proof.nextSeedHash ?? '-'}</dd>
            <dt>{t('house_client_seed')}</dt>
            <dd className="house-mono">{proof.clientSeed}</dd>
            <dt>{t('house_nonce')}</dt>
            <dd className="house-mono">{proof.roundNo}</dd>
          </dl>
        </div>
      ) : null}
      {error ? (
        <p className="house-error" role="alert" data-testid="verify-live-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
