import { describe, expect, it } from 'vitest';
import type { BalanceChanged } from '@wps/contracts';
import { countsInTeamFigures, planPayments, type PaymentChange, type PaymentHourSums } from './record-payments.js';

const change = (cause: string, amountMinor: string | undefined, changes: Partial<BalanceChanged> = {}): BalanceChanged => ({
  memberId: '9',
  merchantCode: 'DEMO',
  currency: 'MXN',
  balanceMinor: '0',
  balance: '0.00',
  version: 1,
  transactionId: 't',
  cause,
  ...(amountMinor === undefined ? {} : { amountMinor }),
  ...changes,
});
const at = (iso: string) => new Date(iso);
const lineages = new Map<string, string[]>([
  ['9', ['1', '5', '9']],
  ['7', ['1', '7']],
]);
const brief = (rows: PaymentHourSums[]) => rows.map((row) => [row.id, row.hour.slice(11, 13), row.depositCount, row.depositMinor, row.withdrawalCount, row.withdrawalMinor]);

describe('team payments', () => {
  it('counts deposits and withdrawals taken out, and nothing else', () => {
    expect(countsInTeamFigures(change('deposit', '100'))).toBe(true);
    expect(countsInTeamFigures(change('demo_deposit', '100'))).toBe(true);
    expect(countsInTeamFigures(change('withdrawal_hold', '-100'))).toBe(true);
    expect(countsInTeamFigures(change('withdrawal_release', '100'))).toBe(true);
    for (const cause of ['bet', 'win', 'transfer', 'commission', 'adjustment', 'withdrawal']) expect(countsInTeamFigures(change(cause, '100'))).toBe(false);
    // An event from before the amount was published cannot be counted.
    expect(countsInTeamFigures(change('deposit', undefined))).toBe(false);
  });

  it('adds a batch up per member and per upline and hour, withdrawals as positive sums, a rejection counting back', () => {
    const batch: PaymentChange[] = [
      { change: change('deposit', '10000'), at: at('2026-03-01T10:05:00Z') },
      { change: change('demo_deposit', '2500'), at: at('2026-03-01T10:55:00Z') },
      { change: change('withdrawal_hold', '-4000'), at: at('2026-03-01T11:00:00Z') },
      { change: change('withdrawal_hold', '-1000'), at: at('2026-03-01T11:10:00Z') },
      // The second withdrawal is rejected within the hour: the member's hour keeps only the first.
      { change: change('withdrawal_release', '1000'), at: at('2026-03-01T11:30:00Z') },
      { change: change('deposit', '300', { memberId: '7' }), at: at('2026-03-01T10:20:00Z') },
      // Not counted: a bet, and a member not placed in the tree counts for itself only.
      { change: change('bet', '-500'), at: at('2026-03-01T10:20:00Z') },
      { change: change('deposit', '50', { memberId: '12' }), at: at('2026-03-01T10:20:00Z') },
    ];
    const plan = planPayments(batch, lineages);
    expect(brief(plan.memberHours)).toEqual([
      ['7', '10', 1, 300n, 0, 0n],
      ['9', '10', 2, 12500n, 0, 0n],
      ['9', '11', 0, 0n, 1, 4000n],
      ['12', '10', 1, 50n, 0, 0n],
    ]);
    expect(brief(plan.teamHours)).toEqual([
      ['1', '10', 3, 12800n, 0, 0n],
      ['1', '11', 0, 0n, 1, 4000n],
      ['5', '10', 2, 12500n, 0, 0n],
      ['5', '11', 0, 0n, 1, 4000n],
      ['7', '10', 1, 300n, 0, 0n],
      ['9', '10', 2, 12500n, 0, 0n],
      ['9', '11', 0, 0n, 1, 4000n],
      ['12', '10', 1, 50n, 0, 0n],
    ]);
  });

  it('counts a rejection in its own hour and leaves out rows that add up to nothing', () => {
    const plan = planPayments(
      [
        { change: change('withdrawal_hold', '-700'), at: at('2026-03-01T23:50:00Z') },
        { change: change('withdrawal_release', '700'), at: at('2026-03-02T00:10:00Z') },
        { change: change('withdrawal_hold', '-200', { memberId: '7' }), at: at('2026-03-02T00:10:00Z') },
        { change: change('withdrawal_release', '200', { memberId: '7' }), at: at('2026-03-02T00:20:00Z') },
      ],
      lineages,
    );
    expect(brief(plan.memberHours)).toEqual([
      ['9', '23', 0, 0n, 1, 700n],
      ['9', '00', 0, 0n, -1, -700n],
    ]);
    expect(plan.teamHours.map((row) => [row.id, row.hour])).toEqual([
      ['1', '2026-03-01T23:00:00.000Z'],
      ['1', '2026-03-02T00:00:00.000Z'],
      ['5', '2026-03-01T23:00:00.000Z'],
      ['5', '2026-03-02T00:00:00.000Z'],
      ['9', '2026-03-01T23:00:00.000Z'],
      ['9', '2026-03-02T00:00:00.000Z'],
    ]);
    expect(planPayments([], lineages)).toEqual({ memberHours: [], teamHours: [] });
  });
});
