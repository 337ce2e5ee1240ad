import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { animationsSettled, signInDemo } from './support';

/**
 * axe (WCAG 2.1 A and AA rules) on the pages a player, a visitor and an agent open first, on a 390 px phone, in the
 * dark and the light theme: no serious or critical violation. The pages' own Content-Security-Policy allows no
 * injected script, so this suite's browser context bypasses it to load axe.
 */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PAGES = {
  guest: ['/', '/agent', '/register', '/promotions', '/live', '/help', '/sportsbook?group=esports'],
  member: [
    '/',
    '/promotions',
    '/sportsbook',
    '/lottery',
    '/vip',
    '/pointMall',
    '/house/house-dice',
    '/house/house-mines',
    '/house/house-crash',
    '/house/house-roulette',
    '/house/house-baccarat',
    '/house/house-fish',
    '/house/house-teen-patti',
    '/house/verify',
    '/member?panel=depositv2',
    '/member?panel=withdraw',
    '/member?panel=transferFund',
    '/member?panel=rewardCenter',
    '/member?panel=bonusDetails',
    '/member?panel=referral',
    '/member?panel=securityCenter',
    '/member?panel=transactionHistory',
    '/member?panel=personalHistoryCopy',
    '/member?panel=manualRebate',
    '/member?panel=missionLeaderboard',
    '/member?panel=profile',
    '/member?panel=feedback',
  ],
  agent: ['/agentHome?page=agentTeamOverview', '/agentHome?page=agentRevenueReport', '/agentHome?page=salary', '/agentHome?page=registerCenter'],
} as const;
type Who = keyof typeof PAGES;

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** The page's serious and critical violations, once its data has arrived and opening animations have ended. */
async function violationsOf(page: Page): Promise<Violation[]> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .area-loading'), null, { timeout: 10_000 }).catch(() => undefined);
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
  });
}

test.describe('accessibility', () => {
  test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
  const tokens: Partial<Record<Who, string>> = {};

  for (const theme of ['dark', 'light'] as const) {
    for (const who of Object.keys(PAGES) as Who[]) {
      test(`${who}, ${theme} theme: axe finds no serious or critical violation`, async ({ page, request }) => {
        test.slow();
        if (who !== 'guest' && !tokens[who]) tokens[who] = await signInDemo(request, who === 'agent' ? 'demoagent' : 'demoplayer');
        await page.emulateMedia({ colorScheme: theme });
        await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
        const found: string[] = [];
        for (const route of PAGES[who]) {
          const separator = route.includes('?') ? '&' : '?';
          await page.goto(who === 'guest' ? route : `${route}${separator}token=${encodeURIComponent(tokens[who]!)}`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          // A page that opens a dialog for a visitor (sign in to play) is checked with the dialog open.
          for (const violation of await violationsOf(page)) found.push(`${route}: ${violation.id} (${violation.impact}) at ${violation.nodes.join(', ')}`);
        }
        expect(found, 'serious or critical axe violations').toEqual([]);
      });
    }
  }
});
