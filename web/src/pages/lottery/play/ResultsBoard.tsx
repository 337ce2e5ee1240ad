import type { LotteryOutcome } from '@wps/contracts/lottery-rules';
import { fastSummary, splitEnding } from './board';
import { useWords } from './useWords';

/** Where the pips of each die face sit on a 3 × 3 grid (cells 1–9, row by row). */
const PIPS: Record<number, number[]> = { 1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

export function DieFace({ face, small }: { face: number; small?: boolean }) {
  return (
    <span className={`lp-die${small ? ' is-small' : ''}`} role="img" aria-label={String(face)}>
      {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((cell) => (
        <span key={cell} className={PIPS[face]?.includes(cell) ? 'lp-pip' : undefined} />
      ))}
    </span>
  );
}

/** A race car's number on the car's colour (cars 1–10). */
export function Car({ car, small }: { car: number; small?: boolean }) {
  return (
    <span className={`lp-car lp-car-${car}${small ? ' is-small' : ''}`} aria-label={String(car)}>
      {car}
    </span>
  );
}

/**
 * A draw's result, as its family shows it: five balls (ssc) or five numbers (11-choose-5) with what they add up to;
 * three dice with their sum; the cars by finishing place; a Vietnamese results board by prize tier with the special
 * prize set apart and the last two digits (what lô and đề read) in bold; the 4D board. `compact` is one line, for lists.
 */
export function ResultsBoard({ outcome, compact = false }: { outcome: LotteryOutcome; compact?: boolean }) {
  const words = useWords();
  const { t } = words;
  if (!('prizes' in outcome)) {
    const summary = fastSummary(outcome);
    const chips: string[] = [];
    if (summary) {
      chips.push(t(outcome.family === 'pk10' ? 'lp_first_two_sum' : 'lp_sum', { sum: summary.sum }));
      if (summary.size) chips.push(words.pickLabel(summary.size));
      if (summary.parity) chips.push(words.pickLabel(summary.parity));
      if (outcome.family === 'ssc') chips.push(...summary.dragonTiger.map((pick) => words.pickLabel(pick)));
      if (outcome.family === 'pk10' && !compact) chips.push(...summary.dragonTiger.map((pick, index) => `${index + 1}: ${words.pickLabel(pick)}`));
    }
    return (
      <div className={`lp-result lp-result-${outcome.family}${compact ? ' is-compact' : ''}`} data-testid="lp-result">
        <div className="lp-result-numbers">
          {outcome.numbers.map((number, index) =>
            outcome.family === 'k3' ? (
              <DieFace key={index} face={number} small={compact} />
            ) : outcome.family === 'pk10' ? (
              <span key={index} className="lp-car-slot" title={words.positionText('pk10.position', index + 1)}>
                <Car car={number} small={compact} />
              </span>
            ) : (
              <span key={index} className={`lp-ball${compact ? ' is-small' : ''}`}>
                {outcome.family === 'x115' ? String(number).padStart(2, '0') : number}
              </span>
            ),
          )}
        </div>
        {chips.length > 0 && (
          <div className="lp-result-tags">
            {chips.map((chip, index) => (
              <span key={index} className="lp-tag">
                {chip}
              </span>
            ))}
          </div>
        )}
      </div>
    );
  }
  const special = outcome.prizes[0];
  if (compact) {
    return (
      <div className="lp-result is-compact" data-testid="lp-result">
        <span className="lp-muted">{words.tierLabel(special?.tier ?? 'special')}</span>{' '}
        {special?.numbers.map((number) => (
          <PrizeNumber key={number} number={number} strong={outcome.family !== 'sea_4d'} />
        ))}
      </div>
    );
  }
  const vn = outcome.family !== 'sea_4d';
  return (
    <table className={`lp-board lp-board-${vn ? 'vn' : '4d'}`} data-testid="lp-result">
      <caption className="lp-sr-only">{t('lp_board')}</caption>
      <tbody>
        {outcome.prizes.map((prize) => (
          <tr key={prize.tier} className={prize.tier === (vn ? 'special' : 'first') ? 'is-top' : undefined}>
            <th scope="row">{words.tierLabel(prize.tier)}</th>
            <td>
              <span className="lp-board-numbers">
                {prize.numbers.map((number, index) => (
                  <PrizeNumber key={`${number}-${index}`} number={number} strong={vn} />
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A prize number; on the Vietnamese boards its last two digits in bold. */
function PrizeNumber({ number, strong }: { number: string; strong: boolean }) {
  if (!strong) return <span className="lp-prize">{number}</span>;
  const [head, tail] = splitEnding(number);
  return (
    <span className="lp-prize">
      {head}
      <b>{tail}</b>
    </span>
  );
}
