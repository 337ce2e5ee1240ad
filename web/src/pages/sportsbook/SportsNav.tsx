import { useId } from 'react';
import { ODDS_FORMATS, type OddsFormat, type Sport } from '@wps/contracts';
import type { MenuValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

export type SportsGroup = 'sports' | 'esports';
export type StatusFilter = '' | 'live' | 'upcoming';

export interface SportsNavProps {
  words: SportsWords;
  menu: MenuValue | null;
  group: SportsGroup;
  sport: Sport | '';
  status: StatusFilter;
  format: OddsFormat;
  onGroup: (group: SportsGroup) => void;
  onSport: (sport: Sport | '') => void;
  onStatus: (status: StatusFilter) => void;
  onFormat: (format: OddsFormat) => void;
}

const STATUS_FILTERS: readonly StatusFilter[] = ['', 'live', 'upcoming'];

/**
 * The sportsbook's top: Sports / E-sports, the group's sports with their live and upcoming counts, the live or
 * upcoming filter, and the odds format.
 */
export function SportsNav({ words, menu, group, sport, status, format, onGroup, onSport, onStatus, onFormat }: SportsNavProps) {
  const { t } = words;
  const formatId = useId();
  const sports = (menu?.sports ?? []).filter((entry) => entry.esport === (group === 'esports'));
  const liveTotal = sports.reduce((sum, entry) => sum + entry.live, 0);
  const allTotal = sports.reduce((sum, entry) => sum + entry.live + entry.upcoming, 0);
  return (
    <div className="sb-nav">
      <div className="sb-nav-top">
        <div className="sb-groups" role="tablist" aria-label={t('sb_groups')}>
          {(['sports', 'esports'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={group === option}
              className={group === option ? 'is-on' : undefined}
              data-testid={`sb-group-${option}`}
              onClick={() => onGroup(option)}
            >
              {t(`sb_group_${option}`)}
            </button>
          ))}
        </div>
        <div className="sb-format">
          <label htmlFor={formatId}>{t('sb_odds_format')}</label>
          <select id={formatId} data-testid="sb-odds-format" value={format} onChange={(event) => onFormat(event.target.value as OddsFormat)}>
            {ODDS_FORMATS.map((option) => (
              <option key={option} value={option}>
                {t(`sb_format_${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="sb-chips" data-testid="sb-sports" aria-label={t('sb_sports_list')} role="group">
        <button type="button" className={`sb-chip${sport === '' ? ' is-on' : ''}`} aria-pressed={sport === ''} data-testid="sb-sport-all" onClick={() => onSport('')}>
          <span>{t('sb_all_sports')}</span>
          {menu && <span className="sb-chip-count">{allTotal}</span>}
          {liveTotal > 0 && <span className="sb-chip-live">{liveTotal}</span>}
        </button>
        {sports.map((entry) => (
          <button
            key={entry.sport}
            type="button"
            className={`sb-chip${sport === entry.sport ? ' is-on' : ''}`}
            aria-pressed={sport === entry.sport}
            data-testid={`sb-sport-${entry.sport}`}
            title={t('sb_sport_counts', { live: entry.live, upcoming: entry.upcoming })}
            onClick={() => onSport(entry.sport)}
          >
            <span>{words.sport(entry.sport)}</span>
            <span className="sb-chip-count">{entry.live + entry.upcoming}</span>
            {entry.live > 0 && (
              <span className="sb-chip-live" aria-label={t('sb_live_count', { count: entry.live })}>
                {entry.live}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="sb-status" role="group" aria-label={t('sb_status_filter')}>
        {STATUS_FILTERS.map((option) => (
          <button
            key={option || 'all'}
            type="button"
            className={status === option ? 'is-on' : undefined}
            aria-pressed={status === option}
            data-testid={`sb-status-${option || 'all'}`}
            onClick={() => onStatus(option)}
          >
            {option === 'live' && <span className="sb-dot" aria-hidden="true" />}
            {t(option === '' ? 'sb_status_all' : `sb_status_${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
