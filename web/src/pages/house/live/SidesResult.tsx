import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A card table's result: the winner's badge in the history strip, or each side with its cards and the winner on the
 * table (baccarat's player and banker, dragon tiger's dragon and tiger).
 */
export function SidesResult({
  result,
  full,
  sides,
}: {
  result: Record<string, unknown> | null;
  full: boolean;
  sides: (result: Record<string, unknown>) => Array<{ label: ReactNode; cards: ReactNode }>;
}) {
  const { t } = useTranslation();
  if (!result) return <span className="hl-pocket is-empty">?</span>;
  const winner = String(result.winner);
  if (!full) return <span className={`hl-badge is-${winner}`}>{t(`hl_short_${winner}`)}</span>;
  return (
    <div className="hl-hands" data-testid="live-result-value" data-winner={winner}>
      {sides(result).map((side, index) => (
        <div className="hl-hand" key={index}>
          <strong>{side.label}</strong>
          {side.cards}
        </div>
      ))}
      <span className={`hl-badge is-${winner}`}>{t(`hl_wins_${winner}`)}</span>
    </div>
  );
}
