import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoMultipliers, type PlinkoRisk } from '@wps/contracts/fairness';
import { AmountInput, SoloFrame, useOutcomeText, usePlay } from '../solo/SoloParts';
import { houseApi, type HouseRound } from '../solo/houseApi';

/** Plinko: the ball bounces left or right on every row; the slot it lands in sets the multiplier. */
export default function PlinkoGame() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1.00');
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [last, setLast] = useState<HouseRound | null>(null);
  const [step, setStep] = useState(0);
  const { busy, error, played, run } = usePlay();
  const outcomeText = useOutcomeText();
  const table = plinkoMultipliers(rows, risk);
  const path = (last?.result.path as number[] | undefined) ?? [];
  useEffect(() => {
    if (!path.length) return;
    setStep(0);
    const timer = setInterval(() => setStep((value) => (value >= path.length ? value : value + 1)), 60);
    return () => clearInterval(timer);
  }, [last]); // eslint-disable-line react-hooks/exhaustive-deps
  const drop = async () => {
    const round = await run(() => houseApi.plinko({ amount, rows, risk }));
    if (round) setLast(round);
  };
  const position = path.slice(0, step).reduce((sum, value) => sum + value, 0);
  const landed = last && step >= path.length ? (last.result.slot as number) : null;
  return (
    <SoloFrame game="house-plinko" title={t('house_title_plinko')} history={played}>
      <div className="house-board house-plinko">
        <div className="house-plinko-pins" style={{ gridTemplateRows: `repeat(${rows}, 1fr)` }}>
          {Array.from({ length: rows }, (_, row) => (
            <div key={row} className="house-plinko-row">
              {Array.from({ length: row + 3 }, (_, pin) => (
                <span key={pin} className={`house-pin ${last && row === step - 1 && pin === position + 1 ? 'is-ball' : ''}`} />
              ))}
            </div>
          ))}
        </div>
        <div className="house-plinko-slots">
          {table.map((multiplier, slot) => (
            <span key={slot} className={`house-plinko-slot ${landed === slot ? 'is-hit' : ''}`}>
              {multiplier}
            </span>
          ))}
        </div>
        <div className="house-row">
          <label className="house-field">
            <span>{t('house_rows')}</span>
            <select value={rows} disabled={busy} onChange={(event) => setRows(Number(event.target.value))}>
              {PLINKO_ROWS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </label>
          <label className="house-field">
            <span>{t('house_risk')}</span>
            <select value={risk} disabled={busy} onChange={(event) => setRisk(event.target.value as PlinkoRisk)}>
              {PLINKO_RISKS.map((value) => (
                <option key={value} value={value}>
                  {t(`house_risk_${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <AmountInput value={amount} onChange={setAmount} disabled={busy} />
        <button type="button" className="house-play" data-testid="house-play" disabled={busy} onClick={() => void drop()}>
          {t('house_drop')}
        </button>
        {landed !== null && last && (
          <p className="house-outcome" data-testid="house-outcome">
            {outcomeText(last)}
          </p>
        )}
        {error && (
          <p className="house-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </SoloFrame>
  );
}
