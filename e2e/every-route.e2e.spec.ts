import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { animationsSettled, signInDemo } from './support';
import { MEMBER_PANELS } from '../web/src/pages/memberPanels';
import { AGENT_PAGES } from '../web/src/pages/agent/agentPages';

/**
 * Every route of the client, for a visitor, a member and an agent, on a 360 px phone and a 1440 px desktop, in Spanish,
 * English and Arabic (right to left): no page scrolls sideways. The routes are the router's own (web/src/App.tsx), the
 * member centre's panels, the agent centre's pages and every house game; a route added to the router and left out
 * here fails the first test.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOUSE_GAMES = readdirSync(path.join(ROOT, 'web/src/pages/house/games'))
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => `/house/house-${file.replace(/\.tsx$/, '')}`);

/** Pages anyone can open. */
const PUBLIC_ROUTES = [
  '/',
  '/help',
  '/promotions',
  '/download',
  '/domains',
  '/pointMall',
  '/vip',
  '/sportsbook',
  '/lottery',
  '/vnLottery',
  '/seaLottery',
  '/live',
  '/fish',
  '/rng',
  '/pvp',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/cockfight',
  '/house/verify',
];
const ROUTES = {
  guest: [...PUBLIC_ROUTES, '/login', '/register', '/agent', '/reset-password', '/support-desk'],
  member: [...PUBLIC_ROUTES, '/favorite', '/recent', '/support-chat', ...HOUSE_GAMES, ...MEMBER_PANELS.map((panel) => `/member?panel=${panel}`)],
  agent: AGENT_PAGES.map((page) => `/agentHome?page=${page}`),
} as const;
type Who = keyof typeof ROUTES;

/** Routes not visited here, and why. */
const ELSEWHERE: Record<string, string> = {
  '/seamless': 'a launched vendor game in its frame (e2e/lobby.e2e.spec.ts)',
  '/index': 'home', // aliases of home
  '/index.html': 'home',
  '/home': 'home',
  '/house/:gameCode': 'each house game above',
};

const LANGUAGES = ['ES', 'EN', 'AR'] as const;
const WIDTHS = [360, 1440] as const;

/** How far the page reaches past the right (or, right to left, the left) edge, and the elements that do it. */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    // Parts laid out only near the screen (content-visibility) are laid out now, so they are measured too.
    if (!document.getElementById('sweep-lay-out-all')) {
      const style = document.createElement('style');
      style.id = 'sweep-lay-out-all';
      style.textContent = '* { content-visibility: visible !important; }';
      document.head.append(style);
    }
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return { over, culprits: [] as string[] };
    const culprits: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      // Inside something that scrolls or clips within the screen: not the page's overflow.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const bounds = parent.getBoundingClientRect();
        if (getComputedStyle(parent).overflowX !== 'visible' && bounds.right <= width + 0.5 && bounds.left >= -0.5) {
          clipped = true;
          break;
        }
      }
      if (!clipped)
        culprits.push(
          `${element.tagName.toLowerCase()}.${(element.getAttribute('class') ?? '').split(' ').join('.')} [${element.getAttribute('data-testid') ?? ''}] ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return { over, culprits: culprits.slice(-3) };
  });

/**
 * Opens a route inside the running client, as its own links do, and answers where it settled: a route may send a
 * visitor to sign in, or add to its query.
 */
async function visit(page: Page, route: string): Promise<string> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => location.pathname + location.search);
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [200] },
    )
    .toBe(true);
  // A lazy area or a list still loading says so; its content is what may not fit.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .area-loading'), null, { timeout: 10_000 }).catch(() => undefined);
  return last;
}

test('the sweep covers every route of the router', () => {
  const app = readFileSync(path.join(ROOT, 'web/src/App.tsx'), 'utf8');
  const declared = new Set([...app.matchAll(/'(\/[A-Za-z0-9:.\-/]*)'/g)].map((match) => match[1]!));
  const memberPaths = readFileSync(path.join(ROOT, 'web/src/pages/memberPanels.ts'), 'utf8').match(/MEMBER_PATH = '([^']+)'/)![1]!;
  const visited = new Set(Object.values(ROUTES).flatMap((routes) => routes.map((route) => route.replace(/\?.*$/, ''))));
  const missing = [...declared].filter((route) => route !== memberPaths && !visited.has(route) && !(route in ELSEWHERE));
  expect(missing, 'routes of the router that no sweep visits').toEqual([]);
  expect(visited.has(memberPaths)).toBe(true);
});

const tokens: Partial<Record<Who, string>> = {};

for (const who of Object.keys(ROUTES) as Who[]) {
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      test(`${who}, ${language}, ${width} px: no route scrolls sideways`, async ({ page, request }) => {
        // Many routes in one test.
        test.slow();
        if (who !== 'guest' && !tokens[who]) tokens[who] = await signInDemo(request, who === 'agent' ? 'demoagent' : 'demoplayer');
        await page.setViewportSize({ width, height: 800 });
        await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
        const routes: readonly string[] = ROUTES[who];
        const first = routes[0]!;
        await page.goto(who === 'guest' ? first : `${first}${first.includes('?') ? '&' : '?'}token=${encodeURIComponent(tokens[who]!)}`);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'AR' ? 'rtl' : 'ltr');
        if (who !== 'guest') await expect(page.getByTestId(who === 'agent' ? 'agent-home' : 'member-menu-button').first()).toBeVisible();
        const found: string[] = [];
        for (const route of routes) {
          const reached = await visit(page, route);
          const { over, culprits } = await overflowOf(page);
          if (over > 0) found.push(`${route}${reached === route ? '' : ` (at ${reached})`}: ${over} px too wide (${culprits.join('; ')})`);
        }
        expect(found, `pages wider than ${width} px`).toEqual([]);
      });
    }
  }
}

/**
 * The controls of a page smaller than a 44 × 44 px touch target, counting the invisible pad that reaches out around a
 * control drawn smaller (its ::after). Links inside running text are exempt, as WCAG 2.5.5 exempts them.
 */
const smallTargetsOf = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [role="tab"]')) {
      // The laid-out size, not the drawn one: a dialog still scaling in draws its fields smaller for a moment.
      const box = { width: element.offsetWidth, height: element.offsetHeight };
      if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (element instanceof HTMLInputElement && (element.type === 'hidden' || element.type === 'checkbox' || element.type === 'radio'))) continue;
      if (element.tagName === 'A' && style.display === 'inline' && element.parentElement && !getComputedStyle(element.parentElement).display.includes('flex')) continue;
      const pad = getComputedStyle(element, '::after');
      const reach = (side: 'top' | 'bottom' | 'left' | 'right') => (pad.content !== 'none' && pad.position === 'absolute' ? Math.max(0, -parseFloat(pad[side]) || 0) : 0);
      const width = box.width + reach('left') + reach('right');
      const height = box.height + reach('top') + reach('bottom');
      if (width < 43.5 || height < 43.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
        small.push(`${element.tagName.toLowerCase()}.${(element.getAttribute('class') ?? '').split(' ')[0]} "${name}" ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return small;
  });

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 800 } });

  for (const who of Object.keys(ROUTES) as Who[]) {
    test(`${who}, EN, 360 px: every control is a 44 px touch target and no route scrolls sideways`, async ({ page, request }) => {
      test.slow();
      if (who !== 'guest' && !tokens[who]) tokens[who] = await signInDemo(request, who === 'agent' ? 'demoagent' : 'demoplayer');
      await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
      const routes: readonly string[] = ROUTES[who];
      const first = routes[0]!;
      await page.goto(who === 'guest' ? first : `${first}${first.includes('?') ? '&' : '?'}token=${encodeURIComponent(tokens[who]!)}`);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      if (who !== 'guest') await expect(page.getByTestId(who === 'agent' ? 'agent-home' : 'member-menu-button').first()).toBeVisible();
      const found: string[] = [];
      for (const route of routes) {
        await visit(page, route);
        // Sizes are read once opening animations (a dialog scaling in) have ended.
        await animationsSettled(page);
        const small = await smallTargetsOf(page);
        if (small.length > 0) found.push(`${route}: ${small.slice(0, 4).join('; ')}${small.length > 4 ? ` and ${small.length - 4} more` : ''}`);
        const { over, culprits } = await overflowOf(page);
        if (over > 0) found.push(`${route}: ${over} px too wide (${culprits.join('; ')})`);
      }
      expect(found, 'controls smaller than 44 px, or pages wider than the phone').toEqual([]);
    });
  }
});
