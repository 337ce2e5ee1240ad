#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
// Browser suite runner: makes sure Chromium is there, builds the web client, starts the embedded platform on a free
// port with a fresh data directory, waits until it is ready, runs Playwright against it and always stops the platform.
// Extra arguments are passed to `playwright test` (e.g. `npm run test:e2e -- -g journey`).
// E2E_BASE_URL set in the environment: the suite runs against that platform and none is started here.
// E2E_START_SCRIPT overrides the platform entry point (default scripts/start.mjs); E2E_KEEP_DATA=1 keeps the data dir.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { startPlatformChild } from './lib/platform-child.mjs';
import { root as ROOT } from './lib/prepare.mjs';

// The browser suite plays the operator too (approving withdrawals); both the platform and the tests get one token.
const operatorToken = process.env.OPERATOR_TOKEN || randomBytes(24).toString('base64url');
// The browser suite plays a game vendor too (rounds for the betting record): the platform learns SIMVENDOR's secret.
const vendorSecret = process.env.E2E_VENDOR_SECRET || randomBytes(24).toString('hex');

const CHROMIUM = '/usr/bin/chromium';

const log = (message) => console.log(`[test-e2e] ${message}`);

function fail(message, code = 1) {
  console.error(`[test-e2e] ${message}`);
  process.exit(code);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hasChromium() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function ensureChromium() {
  if (hasChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    fail(`Chromium is missing at ${CHROMIUM}. Install Debian's package first: sudo apt-get install -y chromium ` + '(the suite never downloads a browser of its own).');
  }
  log(`${CHROMIUM} is missing: installing Debian's chromium package`);
  const install = () => run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', 'chromium']);
  if (install() !== 0) {
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update']);
    if (install() !== 0 || !hasChromium()) fail('could not install chromium with apt-get');
  }
  if (!hasChromium()) fail(`chromium installed but ${CHROMIUM} is still missing`);
}

// ---- Main ----------------------------------------------------------------------------------------------------

/** @type {Awaited<ReturnType<typeof startPlatformChild>> | null} */
let platform = null;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal} received: stopping`);
    void (platform?.stop() ?? Promise.resolve()).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

const printPlatformOutput = (lines = 300) =>
  console.error(`\n[test-e2e] ---- platform output (last ${lines} lines) ----\n${platform?.tail(lines) ?? ''}\n[test-e2e] ---- end of platform output ----\n`);

async function main() {
  ensureChromium();

  log('building the web client');
  // E2E_WEB_DIST builds the client into a folder of its own (runs side by side do not overwrite each other's build).
  const buildArgs = process.env.E2E_WEB_DIST ? ['--', '--outDir', path.resolve(process.env.E2E_WEB_DIST), '--emptyOutDir'] : [];
  if (run('npm', ['run', 'build', '-w', 'web', ...buildArgs]) !== 0) fail('web build failed');

  let baseUrl = process.env.E2E_BASE_URL;
  if (baseUrl) {
    log(`E2E_BASE_URL is set: using the platform at ${baseUrl}`);
  } else {
    platform = await startPlatformChild({
      label: 'e2e',
      entry: process.env.E2E_START_SCRIPT || undefined,
      keepData: process.env.E2E_KEEP_DATA === '1',
      env: {
        ...(process.env.E2E_WEB_DIST ? { WPS_WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
        OPERATOR_TOKEN: operatorToken,
        WALLET_VENDOR_SECRETS: `SIMVENDOR:${vendorSecret}`,
        // Every player of the suite registers from this one address; the brand's default allows 30 an hour.
        REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        // The suite checks the demo team's figures and the winner board exactly; the simulated players would move them.
        HOUSE_DEMO_PLAYERS: 'false',
        // It checks balances to the cent after rounds: no bet hits the jackpot by chance (the pool still grows).
        WALLET_JACKPOT_HIT_PROBABILITY: '0',
      },
    });
    baseUrl = platform.baseUrl;
    log(`starting the platform at ${baseUrl} (data in ${platform.dataDir})`);
    try {
      await platform.ready();
    } catch (error) {
      console.error(`[test-e2e] ${error instanceof Error ? error.message : error}`);
      printPlatformOutput();
      await platform.stop();
      return 1;
    }
    log('platform ready');
  }

  const code = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_BASE_URL: baseUrl, OPERATOR_TOKEN: operatorToken, E2E_VENDOR_SECRET: platform || process.env.E2E_VENDOR_SECRET ? vendorSecret : '' },
  });
  if (code !== 0 && platform) printPlatformOutput(150);
  await platform?.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error('[test-e2e]', error);
    if (platform) printPlatformOutput();
    await platform?.stop();
    process.exit(1);
  },
);
