import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api';
import { rowPeak, trendRowLabel } from './board';
import { houseLotteryApi, type LotteryTrendsValue } from './houseLotteryApi';
import { useWords } from './useWords';

/** How many of the latest draws the trends count; the first is shown at first. */
const TREND_SPANS = [30, 50, 100] as const;

/**
 * How often each digit or number came over a game's latest draws (the lottery's trends call), per ball or car position
 * where the family has positions, with a bar under each count; or, switched, how many draws since each last came. The
 * hottest value of a row is marked. The Vietnamese draws show the hundred two-digit endings as a 10 × 10 square. Read
 * again whenever a new result comes in (`latestDrawNo`).
 */
export function TrendsPanel({ gameCode, latestDrawNo }: { gameCode: string; latestDrawNo: string | null }) {
  const { t } = useWords();
  const [span, setSpan] = useState<number>(TREND_SPANS[0]);
  const [table, setTable] = useState<LotteryTrendsValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'counts' | 'missing'>('counts');
  useEffect(() => {
    let cancelled = false;
    houseLotteryApi.trends(gameCode, span).then(
      (value) => {
        if (cancelled) return;
        setTable(value);
        setError(null);
      },
      (failure: unknown) => {
        if (!cancelled) setError(errorMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [gameCode, span, latestDrawNo]);
  if (error && !table)
    return (
      <p className="lp-error" role="alert">
        {error}
      </p>
    );
  if (!table) return <p className="lp-muted">{t('lp_trend_loading')}</p>;
  if (table.draws === 0) return <p className="lp-muted">{t('lp_trend_empty')}</p>;
  const label = (row: LotteryTrendsValue['rows'][number]) => t(...trendRowLabel(row));
  return (
    <div className="lp-trends" data-testid="lp-trends">
      <div className="lp-trends-head">
        <label className="lp-trend-span">
          <span className="lp-muted">{t('lp_trend_over')}</span>
          <select value={span} data-testid="lp-trend-span" onChange={(event) => setSpan(Number(event.target.value))}>
            {TREND_SPANS.map((option) => (
              <option key={option} value={option}>
                {t('lp_trend_draws', { count: option })}
              </option>
            ))}
          </select>
          {table.draws < span && <span className="lp-muted">{t('lp_trend_counted', { count: table.draws })}</span>}
        </label>
        <span className="lp-segmented" role="group">
          {(['counts', 'missing'] as const).map((option) => (
            <button key={option} type="button" className={view === option ? 'is-on' : undefined} aria-pressed={view === option} onClick={() => setView(option)}>
              {t(option === 'counts' ? 'lp_trend_frequency' : 'lp_trend_missing')}
            </button>
          ))}
        </span>
      </div>
      {table.layout === 'grid' ? (
        table.rows.map((row) => {
          const peak = rowPeak(row);
          return (
            <section key={row.kind} className="lp-trend-square">
              <h4>{label(row)}</h4>
              <div className="lp-trend-grid">
                {table.values.map((value, index) => {
                  const count = row.counts[index]!;
                  return (
                    <span key={value} className={`lp-trend-cell${count === peak && count > 0 ? ' is-hot' : ''}`} style={{ ['--heat' as string]: count / peak }} title={`${value}: ${count}`}>
                      <span className="lp-trend-value">{value}</span>
                      <span className="lp-trend-count">{view === 'counts' ? count : row.missing[index]}</span>
                    </span>
                  );
                })}
              </div>
            </section>
          );
        })
      ) : (
        <div className="lp-scroll">
          <table className="lp-trend-table">
            <thead>
              <tr>
                <th scope="col" />
                {table.values.map((value) => (
                  <th key={value} scope="col">
                    {value}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => {
                const peak = rowPeak(row);
                return (
                  <tr key={rowIndex}>
                    <th scope="row">{label(row)}</th>
                    {row.counts.map((count, index) => (
                      <td key={index} className={count === peak && count > 0 ? 'is-hot' : undefined}>
                        <span className="lp-trend-number">{view === 'counts' ? count : row.missing[index]}</span>
                        {view === 'counts' && <span className="lp-bar" style={{ width: `${Math.round((count / peak) * 100)}%` }} />}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
