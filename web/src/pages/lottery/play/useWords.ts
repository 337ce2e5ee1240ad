import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryBetType } from '@wps/contracts/lottery-rules';
import { formatMoney } from '../../../money';
import { betTypeKey, groupKey, pickKey, positionLabel, tierKey, valueText } from './labels';
import { minorText, selectionParts } from './slip';

/** The lottery's words in the player's language, each falling back to the rules' English label. */
export function useWords(currencySymbol?: string | null) {
  const { t } = useTranslation();
  return useMemo(() => {
    const betLabel = (code: string) => t(betTypeKey(code), { defaultValue: lotteryBetType(code)?.label ?? code });
    const positionText = (code: string, position: number) => {
      const { key, params } = positionLabel(code, position);
      return t(key, params);
    };
    const value = (code: string, raw: string | number) => {
      const shown = valueText(code, raw);
      return 'key' in shown ? t(shown.key, { defaultValue: String(raw) }) : shown.text;
    };
    return {
      t,
      betLabel,
      groupLabel: (group: string) => t(groupKey(group), { defaultValue: group }),
      pickLabel: (pick: string) => t(pickKey(pick), { defaultValue: pick }),
      tierLabel: (tier: string) => t(tierKey(tier), { defaultValue: tier }),
      positionText,
      value,
      /** "Ball 2: 1, 9", "Big, Odd", "12, 45". */
      selectionText: (code: string, selection: Record<string, unknown>) => {
        const { position, values } = selectionParts(selection);
        const list = values.map((raw) => value(code, raw)).join(', ');
        return position === null ? list : `${positionText(code, position)}${list ? `: ${list}` : ''}`;
      },
      money: (amount: string | bigint) => formatMoney(typeof amount === 'bigint' ? minorText(amount) : amount, currencySymbol),
    };
  }, [t, currencySymbol]);
}

export type Words = ReturnType<typeof useWords>;
