import { describe, expect, it } from 'vitest';
import { LOTTERY_FAMILIES, lotteryBetTypesOf } from '@wps/contracts';
import { effectiveGame, findLotteryGame, LOTTERY_GAMES, lotteryGameView } from './games.js';
import { nextSlotSeq, slotOf, slotsAhead } from './schedule.js';

const at = (iso: string) => Date.parse(iso);
const game = (code: string) => findLotteryGame(code)!;

describe('lottery games and their schedules', () => {
  it('maps every lottery tile of the demo catalogue to a playable game of every family', () => {
    const codes = LOTTERY_GAMES.map((one) => one.gameCode);
    const catalogue = [
      ...['lott', 'elott', 'tcg_lotto_vn'].flatMap((vendor) => Array.from({ length: 8 }, (_, index) => `${vendor}-${String(index + 1).padStart(3, '0')}`)),
      ...Array.from({ length: 6 }, (_, index) => `tcg_sea-${String(index + 1).padStart(3, '0')}`),
    ];
    expect(codes.sort()).toEqual(catalogue.sort());
    expect(new Set(LOTTERY_GAMES.map((one) => one.family))).toEqual(new Set(LOTTERY_FAMILIES));
    for (const one of LOTTERY_GAMES) {
      expect(lotteryBetTypesOf(one.family).length).toBeGreaterThan(0);
      expect(lotteryGameView(one).room).toMatch(/^[a-z0-9-]{1,40}$/);
      expect(one.gameType).toBe(one.vendor === 'ELOTT' ? 'ELOTT' : 'LOTT');
    }
  });

  it('numbers fast draws within their day and closes them ten seconds before', () => {
    const fast = game('lott-001');
    const seq = nextSlotSeq(fast, at('2026-11-26T00:41:30Z'));
    const slot = slotOf(fast, seq);
    expect(slot).toMatchObject({ drawNo: '20261126-0042', drawAtMs: at('2026-11-26T00:42:00Z'), closesAtMs: at('2026-11-26T00:41:50Z'), opensAtMs: at('2026-11-26T00:40:50Z') });
    // The draw at midnight is the day's last.
    expect(slotOf(fast, nextSlotSeq(fast, at('2026-11-26T23:59:30Z'))).drawNo).toBe('20261126-1440');
    expect(slotOf(fast, nextSlotSeq(fast, at('2026-11-27T00:00:00Z'))).drawNo).toBe('20261127-0001');
    const [first, second] = slotsAhead(game('lott-003'), at('2026-11-26T10:01:00Z'));
    expect(first!.drawNo).toBe('20261126-0121');
    expect(second!.seq).toBe(first!.seq + 1);
    // The next draw takes bets from the moment this one closes.
    expect(second!.opensAtMs).toBe(first!.closesAtMs);
  });

  it('draws the Vietnamese regions at 16:15, 17:15 and 18:15 in Vietnam (UTC+7), closing fifteen minutes before', () => {
    const north = slotOf(game('tcg_lotto_vn-001'), nextSlotSeq(game('tcg_lotto_vn-001'), at('2026-11-26T05:00:00Z')));
    expect(north).toMatchObject({ drawNo: '20261126', drawAtMs: at('2026-11-26T11:15:00Z'), closesAtMs: at('2026-11-26T11:00:00Z') });
    // Monday 30 November: Thừa Thiên Huế (central) and TP. Hồ Chí Minh (south) both draw.
    expect(slotOf(game('tcg_lotto_vn-004'), nextSlotSeq(game('tcg_lotto_vn-004'), at('2026-11-30T05:00:00Z'))).drawAtMs).toBe(at('2026-11-30T10:15:00Z'));
    expect(slotOf(game('tcg_lotto_vn-005'), nextSlotSeq(game('tcg_lotto_vn-005'), at('2026-11-30T05:00:00Z'))).drawAtMs).toBe(at('2026-11-30T09:15:00Z'));
    // Past today's draw, the next is tomorrow's; late in the UTC day it is already tomorrow in Vietnam.
    expect(slotOf(game('tcg_lotto_vn-001'), nextSlotSeq(game('tcg_lotto_vn-001'), at('2026-11-26T11:15:00Z'))).drawNo).toBe('20261127');
    expect(slotOf(game('tcg_lotto_vn-001'), nextSlotSeq(game('tcg_lotto_vn-001'), at('2026-11-26T20:00:00Z'))).drawNo).toBe('20261127');
    const sea = slotOf(game('tcg_sea-003'), nextSlotSeq(game('tcg_sea-003'), at('2026-11-26T05:00:00Z')));
    expect(sea).toMatchObject({ drawNo: '20261126', drawAtMs: at('2026-11-26T11:00:00Z') });
  });

  it('draws each Vietnamese province on its own days of the week, betting open from its draw before', () => {
    // 2026-11-26 is a Thursday: Vũng Tàu (Tuesdays) next draws on 1 December, Cà Mau (Mondays) on 30 November.
    const vungTau = game('tcg_lotto_vn-008');
    const next = slotOf(vungTau, nextSlotSeq(vungTau, at('2026-11-26T05:00:00Z')));
    expect(next).toMatchObject({ drawNo: '20261201', drawAtMs: at('2026-12-01T09:15:00Z'), opensAtMs: at('2026-11-24T09:00:00Z') });
    expect(slotsAhead(vungTau, at('2026-11-26T05:00:00Z')).map((slot) => slot.drawNo)).toEqual(['20261201', '20261208']);
    expect(slotOf(game('tcg_lotto_vn-007'), nextSlotSeq(game('tcg_lotto_vn-007'), at('2026-11-26T05:00:00Z'))).drawNo).toBe('20261130');
    // Đà Nẵng draws on Wednesdays and Saturdays: Saturday's draw opens at Wednesday's close.
    const daNang = game('tcg_lotto_vn-002');
    const [saturday, wednesday] = slotsAhead(daNang, at('2026-11-26T05:00:00Z'));
    expect(saturday).toMatchObject({ drawNo: '20261128', opensAtMs: at('2026-11-25T10:00:00Z') });
    expect(wednesday).toMatchObject({ drawNo: '20261202', opensAtMs: saturday!.closesAtMs });
    // On a draw day before the draw, the draw is today's; the north draws every day.
    expect(slotOf(daNang, nextSlotSeq(daNang, at('2026-11-28T09:00:00Z'))).drawNo).toBe('20261128');
    expect(slotsAhead(game('tcg_lotto_vn-001'), at('2026-11-26T05:00:00Z')).map((slot) => slot.drawNo)).toEqual(['20261126', '20261127']);
    expect(lotteryGameView(vungTau).drawWeekdays).toEqual([2]);
    expect(lotteryGameView(game('tcg_lotto_vn-001')).drawWeekdays).toBeNull();
  });

  it('puts every game on one short interval when configured, keeping the close before the draw', () => {
    const quick = effectiveGame(game('tcg_lotto_vn-001'), { HOUSE_LOTTERY_INTERVAL_SECONDS: 4, HOUSE_LOTTERY_CLOSE_SECONDS: 10 });
    expect(quick.schedule).toEqual({ kind: 'interval', seconds: 4 });
    expect(quick.closeSeconds).toBe(3);
    const slot = slotOf(quick, nextSlotSeq(quick, at('2026-11-26T05:00:01Z')));
    expect(slot.drawAtMs - slot.closesAtMs).toBe(3_000);
    expect(slot.drawNo).toMatch(/^20261126-\d{4,}$/);
  });
});
