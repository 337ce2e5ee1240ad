import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OddsFormat, Sport } from '@wps/contracts';
import { formatMoney } from '../../money';
import { usePreferences } from '../../state/preferences';
import { marketLabel, oddsText, outcomeLabel, type Label, type MarketSpecView, type OutcomeNames } from './markets';
import { minorText } from './slip';
import { intlLocale } from '../../i18n/languages';

/** The sportsbook's words in the player's language: labels, prices in their odds format, money, times. */
export function useSportsWords(format: OddsFormat, currencySymbol: string | null | undefined) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return useMemo(() => {
    const locale = intlLocale(language);
    const label = (value: Label | null): string => (value === null ? '' : 'text' in value ? value.text : t(value.key, value.params));
    return {
      t,
      locale,
      label,
      odds: (price: number) => oddsText(price, format),
      sport: (sport: Sport) => t(`sb_sport_${sport}`),
      market: (spec: MarketSpecView, sport: Sport) => label(marketLabel(spec, sport)),
      outcome: (spec: MarketSpecView, outcome: string, names: OutcomeNames) => label(outcomeLabel(spec, outcome, names)),
      /** A decimal amount of the member's currency. */
      money: (amount: string) => formatMoney(amount, currencySymbol),
      /** Minor units of the member's currency. */
      minor: (minor: number) => formatMoney(minorText(minor), currencySymbol),
      /** A start time in the player's time zone: "Sat 14 Jun, 18:30", today's as "Today 18:30". */
      startTime: (iso: string) => {
        const date = new Date(iso);
        if (Number.isNaN(date.getTime())) return iso;
        const now = new Date();
        const clock = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
        if (date.toDateString() === now.toDateString()) return t('sb_today_at', { time: clock });
        const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
        if (date.toDateString() === tomorrow.toDateString()) return t('sb_tomorrow_at', { time: clock });
        return `${date.toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short' })}, ${clock}`;
      },
      dateTime: (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—'),
    };
  }, [t, language, format, currencySymbol]);
}

export type SportsWords = ReturnType<typeof useSportsWords>;
