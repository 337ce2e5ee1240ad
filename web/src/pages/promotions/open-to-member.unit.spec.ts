import { describe, expect, it } from 'vitest';
import type { PromotionCardValue } from './promotionsState';
import { HOME_PROMOTION_LIMIT, openToMember } from './format';

const card = (promotionId: string, state: PromotionCardValue['state'], sort = 0) =>
  ({
    promotionId,
    kind: 'cash_bonus',
    category: 'other',
    title: promotionId,
    summary: '',
    bannerUrl: null,
    currency: 'MXN',
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    state,
    participation: null,
    sort,
    terms: { amountMinor: '1000', wagering: 1 },
  }) as unknown as PromotionCardValue;

describe('the promotions home shows a member', () => {
  it('lists only what the member can act on now, a bonus to claim first, then the brand order', () => {
    const list = [
      card('joined', 'signed'),
      card('apply', 'applying', 1),
      card('join-late', 'join', 5),
      card('join-early', 'join', -1),
      card('claim', 'claim', 9),
      card('closed', 'close'),
      card('soon', 'coming_soon'),
    ];
    expect(openToMember(list, 10).map((entry) => entry.promotionId)).toEqual(['claim', 'join-early', 'join-late', 'apply']);
  });

  it('shows at most a few, and nothing when nothing is open', () => {
    const many = Array.from({ length: 8 }, (_, index) => card(String(index), 'join', index));
    expect(openToMember(many).map((entry) => entry.promotionId)).toEqual(['0', '1', '2'].slice(0, HOME_PROMOTION_LIMIT));
    expect(openToMember([card('done', 'claimed'), card('issued', 'issued')])).toEqual([]);
  });
});
