import { describe, expect, it } from 'vitest';
import { emptyTier, readTiers, tierDraftsOf } from './tiers';

describe('tier tables', () => {
  it('sends typed tiers as minor units and basis points', () => {
    expect(
      readTiers('dividend', [
        { minBase: '50,000', minActive: '5', rate: '10', on: '' },
        { minBase: '200000.5', minActive: ' 15 ', rate: '12.25', on: '' },
      ]),
    ).toEqual({
      tiers: [
        { minBaseMinor: '5000000', minActive: 5, rateBp: 1000 },
        { minBaseMinor: '20000050', minActive: 15, rateBp: 1225 },
      ],
    });
  });

  it('names the first tier that is not valid', () => {
    expect(
      readTiers('daily', [
        { minBase: '100', minActive: '1', rate: '0.5', on: '' },
        { minBase: '100', minActive: '1', rate: '101', on: '' },
      ]),
    ).toEqual({ invalid: 1 });
    expect(readTiers('daily', [{ minBase: '', minActive: '1', rate: '1', on: '' }])).toEqual({ invalid: 0 });
    expect(readTiers('daily', [{ minBase: '1', minActive: '-1', rate: '1', on: '' }])).toEqual({ invalid: 0 });
    expect(readTiers('daily', [])).toEqual({ invalid: 0 });
  });

  it('real-time tiers name the bets they pay on; the others never do', () => {
    expect(readTiers('realtime', [{ minBase: '0', minActive: '0', rate: '0.5', on: 'loss' }])).toEqual({ tiers: [{ minBaseMinor: '0', minActive: 0, rateBp: 50, on: 'loss' }] });
    expect(readTiers('realtime', [{ minBase: '0', minActive: '0', rate: '0.5', on: '' }])).toEqual({ invalid: 0 });
    expect(readTiers('hourly', [{ minBase: '0', minActive: '0', rate: '0.5', on: 'win' }])).toEqual({ tiers: [{ minBaseMinor: '0', minActive: 0, rateBp: 50 }] });
    expect(emptyTier('realtime').on).toBe('loss');
    expect(emptyTier('dividend').on).toBe('');
  });

  it('reads a contract back into the same drafts', () => {
    const tiers = [
      { minBaseMinor: '5000000', minActive: 5, rateBp: 1250 },
      { minBaseMinor: '7', minActive: 0, rateBp: 1 },
    ];
    const drafts = tierDraftsOf(tiers);
    expect(drafts).toEqual([
      { minBase: '50000.00', minActive: '5', rate: '12.5', on: '' },
      { minBase: '0.07', minActive: '0', rate: '0.01', on: '' },
    ]);
    expect(readTiers('dividend', drafts)).toEqual({ tiers });
  });
});
