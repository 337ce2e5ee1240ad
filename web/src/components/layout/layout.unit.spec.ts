import { describe, expect, it } from 'vitest';
import { channelsOf, groupByType } from './channels';
import { isGamePage } from './sideMenuState';
import { CAROUSEL_PER_VIEW, logosPerView } from './VendorCarousel';

describe('side menu', () => {
  it('is hidden on the game pages only', () => {
    for (const path of ['/seamless', '/lottery', '/vnLottery', '/seaLottery', '/SEAMLESS/', '/house/dice']) expect(isGamePage(path), path).toBe(true);
    for (const path of ['/', '/rng', '/member', '/download', '/lott', '/lotteryx', '/house']) expect(isGamePage(path), path).toBe(false);
  });

  it('groups customer service by type in the brand’s order, and shows one icon per official channel', () => {
    const entries = [
      { csType: 'LIVECHAT', path: '', title: 'Chat' },
      { csType: 'telegram', path: 'https://t.example/a', title: 'Telegram A' },
      { csType: 'EMAIL', path: 'mailto:help@casino.example', title: 'Mail' },
      { csType: 'TELEGRAM', path: 'https://t.example/b', title: 'Telegram B' },
      { csType: 'WHATSAPP', path: 'https://w.example', title: 'WhatsApp' },
    ];
    expect(groupByType(entries).map((group) => [group.csType, group.entries.map((entry) => entry.title)])).toEqual([
      ['LIVECHAT', ['Chat']],
      ['TELEGRAM', ['Telegram A', 'Telegram B']],
      ['EMAIL', ['Mail']],
      ['WHATSAPP', ['WhatsApp']],
    ]);
    expect(channelsOf(entries).map((entry) => entry.title)).toEqual(['Chat', 'Telegram A', 'WhatsApp']);
    expect(groupByType([])).toEqual([]);
  });
});

describe('footer carousel', () => {
  it('shows 16 logos on desktop and fewer, at least 3, on narrower rows', () => {
    expect(logosPerView(1232)).toBe(CAROUSEL_PER_VIEW);
    expect(logosPerView(4000)).toBe(CAROUSEL_PER_VIEW);
    expect(logosPerView(952)).toBe(12);
    expect(logosPerView(342)).toBe(4);
    expect(logosPerView(120)).toBe(3);
  });
});
