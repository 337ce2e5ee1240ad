import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, LOTTERY_FAMILIES, LOTTERY_FAMILY_INFO } from '@wps/contracts/lottery-rules';
import en from '../../../i18n/lottery-play.en.json';
import es from '../../../i18n/lottery-play.es.json';
import { betFormOf } from './slip';
import { betTypeKey, familyKey, groupKey, pickKey, positionLabel, scheduleWords, tierKey, valueText } from './labels';

describe('lottery words', () => {
  it('names keys by code, the Vietnamese bet types once for the three regions', () => {
    expect(betTypeKey('ssc.position')).toBe('lp_bet_ssc_position');
    expect(betTypeKey('vn_south.xien2')).toBe('lp_bet_vn_xien2');
    expect(groupKey('Dragon tiger')).toBe('lp_group_dragon_tiger');
    expect(positionLabel('pk10.dragon_tiger', 2)).toEqual({ key: 'lp_pos_pair', params: { n: 2, m: 9 } });
    expect(positionLabel('ssc.position', 3)).toEqual({ key: 'lp_pos_ball', params: { n: 3 } });
    expect(valueText('x115.any2', 3)).toEqual({ text: '03' });
    expect(valueText('pk10.top2_sum', 7)).toEqual({ text: '7' });
    expect(valueText('ssc.sum_bsoe', 'big')).toEqual({ key: 'lp_pick_big' });
  });

  it('has every bet type, group, named pick, family and prize tier in both languages', () => {
    const keys = new Set<string>();
    for (const betType of LOTTERY_BET_TYPES) {
      keys.add(betTypeKey(betType.code));
      keys.add(groupKey(betType.group));
      for (const option of betFormOf(betType).options) if (typeof option.value === 'string') keys.add(pickKey(option.value));
    }
    for (const family of LOTTERY_FAMILIES) {
      keys.add(familyKey(family));
      for (const tier of LOTTERY_FAMILY_INFO[family].prizeTiers ?? []) keys.add(tierKey(tier.tier));
    }
    for (const key of keys) {
      expect(en, key).toHaveProperty([key]);
      expect(es, key).toHaveProperty([key]);
    }
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('schedule words', () => {
  it('reads fast games by their interval and daily games by their days and time in their zone', () => {
    expect(scheduleWords({ kind: 'fast', intervalSeconds: 180, dailyTime: null, drawWeekdays: null, utcOffsetMinutes: 0 }, 'en')).toEqual({ key: 'lp_schedule_fast', params: { minutes: 3 } });
    expect(scheduleWords({ kind: 'daily', intervalSeconds: null, dailyTime: '18:15', drawWeekdays: null, utcOffsetMinutes: 420 }, 'en')).toEqual({
      key: 'lp_schedule_daily',
      params: { time: '18:15', zone: 'UTC+7' },
    });
    expect(scheduleWords({ kind: 'daily', intervalSeconds: null, dailyTime: '17:15', drawWeekdays: [3, 6], utcOffsetMinutes: 420 }, 'en').params.days).toBe('Wed, Sat');
    expect(scheduleWords({ kind: 'daily', intervalSeconds: null, dailyTime: '16:15', drawWeekdays: [0, 1], utcOffsetMinutes: 420 }, 'es').params.days).toBe('dom, lun');
  });
});
