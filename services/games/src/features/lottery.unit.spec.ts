import { describe, expect, it } from 'vitest';
import { lotteryDrawBodySchema, lotteryLaunchParamsSchema, openedNumbersQuerySchema } from '@wps/contracts';
import { DEMO_LOTTERY_TEMPLATE, fillLaunchTemplate, launchModeOf } from '../vendors/seamless.js';
import { digitsPerDraw, drawNoOf, drawNumbers } from '../vendors/demo-lottery.js';
import { isLotteryPageRoute } from './lottery-launch.js';

describe('lottery launch parameters (spec §7)', () => {
  it('accepts the spec values and nothing at all', () => {
    expect(lotteryLaunchParamsSchema.parse({})).toEqual({});
    const full = { lottoArea: 'VN', launchMode: 'LOTT', prizeMode: 'SEA', view: 'betting', device: 'WEB', backUrl: 'https://site.example/vnLottery?gameCode=x', language: 'ES' };
    expect(lotteryLaunchParamsSchema.parse(full)).toEqual(full);
    for (const prizeMode of ['LOTT', 'ZY', 'ELOTT', 'SEA']) expect(lotteryLaunchParamsSchema.safeParse({ prizeMode }).success).toBe(true);
    expect(lotteryLaunchParamsSchema.parse({ backUrl: ' /lottery?gameCode=lott-001 ' }).backUrl).toBe('/lottery?gameCode=lott-001');
  });

  it.each([
    ['prizeMode', 'lott'],
    ['prizeMode', 'PVP'],
    ['view', 'Lobby'],
    ['device', ''],
    ['launchMode', 'ELOTT'],
    ['lottoArea', 'V'],
    ['backUrl', 'javascript:alert(1)'],
    ['backUrl', '//other.example/x'],
    ['backUrl', 'data:text/html,hi'],
    ['backUrl', `/${'a'.repeat(600)}`],
    ['language', 'DE'],
    ['language', 'fr'],
  ])('refuses %s = %j, naming the field', (field, value) => {
    const result = lotteryLaunchParamsSchema.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([field]);
  });
});

describe('launch URL templates', () => {
  it('fills every placeholder, URL-encoded, and empties the missing ones', () => {
    const url = fillLaunchTemplate('https://v.example/p?t={token}&g={gameCode}&pm={prizeMode}&v={view}&d={device}&b={backUrl}&a={lottoArea}&m={launchMode}&l={language}&c={currency}&x={vendor}', {
      token: 'abc',
      gameCode: 'lott 1',
      prizeMode: 'ELOTT',
      view: 'lobby',
      device: 'WEB',
      backUrl: 'https://site.example/lottery?gameCode=lott-001&x=1',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      language: 'EN',
      currency: 'MXN',
    });
    const parsed = new URL(url);
    expect(parsed.origin).toBe('https://v.example');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      t: 'abc',
      g: 'lott 1',
      pm: 'ELOTT',
      v: 'lobby',
      d: 'WEB',
      b: 'https://site.example/lottery?gameCode=lott-001&x=1',
      a: 'VN',
      m: 'LOTT',
      l: 'EN',
      c: 'MXN',
      x: '',
    });
  });

  it('cannot be bent by a value: unknown placeholders stay, values cannot add parameters or change the host', () => {
    expect(fillLaunchTemplate('https://v.example/{gameCode}?v={view}&q={unknown}', { gameCode: '../../evil.example/?', view: 'a&admin=1' })).toBe(
      'https://v.example/..%2F..%2Fevil.example%2F%3F?v=a%26admin%3D1&q={unknown}',
    );
  });

  it('opens paths in our iframe and absolute or protocol-relative URLs as a redirect', () => {
    expect(launchModeOf(fillLaunchTemplate(DEMO_LOTTERY_TEMPLATE, { token: 't', view: 'lobby' }))).toBe('iframe');
    expect(launchModeOf('https://v.example/')).toBe('redirect');
    expect(launchModeOf('//v.example/')).toBe('redirect');
  });

  it('recognises the lottery pages among client routes', () => {
    expect(isLotteryPageRoute('/lottery?gameCode=a')).toBe(true);
    expect(isLotteryPageRoute('/vnLottery?gameCode=a')).toBe(true);
    expect(isLotteryPageRoute('/seaLottery?gameCode=a')).toBe(true);
    expect(isLotteryPageRoute('/rng?vassalage=JDB')).toBe(false);
    expect(isLotteryPageRoute('/house/house-dice')).toBe(false);
  });
});

describe('draws', () => {
  it('validates a reported draw', () => {
    const draw = { gameCode: 'lott-001', drawNo: '20260101120000', numbers: ['1', '2', '3'], drawnAt: '2026-01-01T12:00:00+00:00' };
    expect(lotteryDrawBodySchema.safeParse(draw).success).toBe(true);
    expect(lotteryDrawBodySchema.safeParse({ ...draw, numbers: [1, 2, 3] }).success).toBe(false);
    expect(lotteryDrawBodySchema.safeParse({ ...draw, drawnAt: '2026-01-01 12:00' }).success).toBe(false);
    expect(lotteryDrawBodySchema.safeParse({ ...draw, numbers: Array.from({ length: 51 }, () => '1') }).success).toBe(false);
  });

  it('pages the opened numbers with defaults, capping the page size', () => {
    expect(openedNumbersQuerySchema.parse({ gameCode: 'x' })).toEqual({ gameCode: 'x', pageNo: 1, pageSize: 20 });
    expect(openedNumbersQuerySchema.parse({ gameCode: 'x', pageNo: '3', pageSize: '500' })).toEqual({ gameCode: 'x', pageNo: 3, pageSize: 20 });
    expect(openedNumbersQuerySchema.safeParse({ gameCode: '  ' }).success).toBe(false);
  });

  it('the demo vendor draws VN results of five digits, the others three, each 0-9, and names draws by their slot', () => {
    expect(digitsPerDraw('TCG_LOTTO_VN')).toBe(5);
    expect(digitsPerDraw('LOTT')).toBe(3);
    const seen = new Set<string>();
    for (let round = 0; round < 200; round++) {
      const vn = drawNumbers('TCG_LOTTO_VN');
      expect(vn).toHaveLength(5);
      for (const digit of [...vn, ...drawNumbers('TCG_SEA')]) {
        expect(digit).toMatch(/^\d$/);
        seen.add(digit);
      }
    }
    // Not a fixed answer: every digit turns up over 1600 draws.
    expect(seen.size).toBe(10);
    expect(drawNoOf(Date.UTC(2026, 0, 2, 3, 4, 0))).toBe('20260102030400');
  });
});
