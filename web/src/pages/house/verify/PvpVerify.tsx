import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { checkPvpHandProof, type PvpHandCheck } from '../pvp/verifyHand';
import '../live/live.css';

type PvpHandProof = UseCaseResponse<UseCases['pvpHandProof']>;
type RoomSummary = UseCaseResponse<UseCases['pvpRooms']>[number];

function Check({ id, label, value }: { id: string; label: string; value: boolean | null }) {
  const { t } = useTranslation();
  const state = value === null ? 'skipped' : value ? 'pass' : 'fail';
  return (
    <li data-testid={`verify-pvp-check-${id}`} data-state={state} className={`hl-check is-${state}`}>
      <span aria-hidden="true">{value === null ? '–' : value ? '✓' : '✗'}</span> {label}: <strong>{t(`tp_vp_${state}`)}</strong>
    </li>
  );
}

/**
 * Verifies a finished Teen Patti hand in this browser: fetches the hand's public proof, then with Web Crypto checks the
 * revealed seed against the hash published when the hand started, deals the cards again, ranks them and recomputes
 * the winner and the money against the stored result.
 */
export function PvpVerify({ initialTable, initialHand }: { initialTable: string; initialHand: string }) {
  const { t } = useTranslation();
  const [rooms, setRooms] = useState<RoomSummary[]>([]);
  const [tableId, setTableId] = useState(initialTable || 'tp-1');
  const [handNo, setHandNo] = useState(initialHand);
  const [proof, setProof] = useState<PvpHandProof | null>(null);
  const [check, setCheck] = useState<PvpHandCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(useCases.pvpRooms, {}).then(setRooms, () => undefined);
  }, []);

  const verify = useCallback(
    async (table: string, hand: string) => {
      setError(null);
      setProof(null);
      setCheck(null);
      if (!/^\d{1,9}$/.test(hand.trim())) {
        setError(t('tp_vp_hand_format'));
        return;
      }
      setBusy(true);
      try {
        const found = await call(useCases.pvpHandProof, { tableId: table, handNo: hand.trim() });
        setProof(found);
        setCheck(await checkPvpHandProof(found));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  // A link from a table's hand history opens this page with the hand filled in and checks it at once.
  useEffect(() => {
    if (initialTable && initialHand) void verify(initialTable, initialHand);
  }, [initialTable, initialHand, verify]);

  const tableIds = rooms.length ? rooms.map((room) => room.roomId) : [tableId];
  return (
    <section className="house-panel house-verify" data-testid="verify-pvp">
      <p className="house-muted">{t('tp_vp_intro')}</p>
      <label className="house-field">
        <span>{t('tp_vp_table')}</span>
        <select data-testid="verify-pvp-table" value={tableId} onChange={(event) => setTableId(event.target.value)}>
          {tableIds.map((id) => (
            <option key={id} value={id}>
              {rooms.find((room) => room.roomId === id)?.name ?? id}
            </option>
          ))}
        </select>
      </label>
      <label className="house-field">
        <span>{t('tp_vp_hand_no')}</span>
        <input data-testid="verify-pvp-hand" inputMode="numeric" value={handNo} onChange={(event) => setHandNo(event.target.value)} />
      </label>
      <button type="button" className="house-play" data-testid="verify-pvp-run" disabled={busy} onClick={() => void verify(tableId, handNo)}>
        {busy ? t('tp_vp_checking') : t('tp_vp_run')}
      </button>
      {proof && check ? (
        <div className="house-verified" data-testid="verify-pvp-result" data-passed={check.passed ? 'true' : 'false'}>
          <p className={`hl-verdict ${check.passed ? 'is-pass' : 'is-fail'}`} data-testid="verify-pvp-verdict" role="status">
            {check.passed ? t('tp_vp_passed', { no: proof.handNo }) : t('tp_vp_failed', { no: proof.handNo })}
          </p>
          <ul className="hl-checks">
            <Check id="hash" label={t('tp_vp_check_hash')} value={check.hashMatches} />
            <Check id="deal" label={t('tp_vp_check_deal')} value={check.dealMatches} />
            <Check id="winner" label={t('tp_vp_check_winner')} value={check.winnerMatches} />
            <Check id="pot" label={t('tp_vp_check_pot')} value={check.potMatches} />
          </ul>
          <table className="hl-proof-seats" data-testid="verify-pvp-seats">
            <thead>
              <tr>
                <th>{t('tp_vp_seat')}</th>
                <th>{t('tp_vp_cards')}</th>
                <th>{t('tp_vp_rank')}</th>
                <th>{t('tp_vp_outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {check.seats.map((seat) => (
                <tr key={seat.seatNo} data-testid={`verify-pvp-seat-${seat.seatNo}`} data-matches={seat.matches ? 'true' : 'false'}>
                  <td>
                    {seat.seatNo} · {seat.player}
                  </td>
                  <td className="house-mono">{seat.cards.join(' ')}</td>
                  <td>{t(`tp_rank_${seat.rank}`)}</td>
                  <td>
                    {seat.seatNo === check.winnerSeat ? t('tp_player_won') : seat.packed ? t('tp_player_packed') : proof.status === 'refunded' ? t('tp_player_refunded') : t('tp_player_lost')}
                    {seat.shown ? ` · ${t('tp_vp_shown')}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="hl-proof">
            <dt>{t('tp_vp_stored')}</dt>
            <dd data-testid="verify-pvp-stored">
              {proof.status === 'refunded' ? t('tp_refunded') : t('tp_winner', { seat: proof.winnerSeat ?? '-', payout: proof.payout, pot: proof.pot, rake: proof.rake })}
            </dd>
            <dt>{t('tp_vp_recomputed')}</dt>
            <dd data-testid="verify-pvp-recomputed">{check.winnerSeat === null ? '-' : t('tp_vp_winner_seat', { seat: check.winnerSeat })}</dd>
            <dt>{t('tp_seed')}</dt>
            <dd className="house-mono" data-testid="verify-pvp-seed">
              {proof.serverSeed}
            </dd>
            <dt>{t('tp_seed_hash')}</dt>
            <dd className="house-mono">{proof.seedHash}</dd>
            <dt>{t('tp_client_seed')}</dt>
            <dd className="house-mono">{proof.clientSeed}</dd>
            <dt>{t('tp_nonce')}</dt>
            <dd className="house-mono">{proof.nonce}</dd>
          </dl>
        </div>
      ) : null}
      {error ? (
        <p className="house-error" role="alert" data-testid="verify-pvp-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
