#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
// Browser suite runner: makes sure Chromium is there, builds the web client, starts the embedded platform on a free
// port with a fresh data directory, waits until it is ready, runs Playwright against it and always stops the platform.
// Extra arguments are passed to `playwright test` (e.g. `npm run test:e2e -- -g journey`).
// E2E_BASE_URL set in the environment: the suite runs against that platform and none is started here.
// E2E_START_SCRIPT overrides the platform entry point (default scripts/start.mjs); E2E_KEEP_DATA=1 keeps the data dir.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser suite plays the operator too (approving withdrawals); both the platform and the tests get one token.
const operatorToken = process.env.OPERATOR_TOKEN || randomBytes(24).toString('base64url');
// The browser suite plays a game vendor too (rounds for the betting record): the platform learns SIMVENDOR's secret.
const vendorSecret = process.env.E2E_VENDOR_SECRET || randomBytes(24).toString('hex');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const READY_TIMEOUT_MS = 120_000;
const isWindows = process.platform === 'win32';

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // listening on a TCP port, so the address is never a pipe name
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- The platform child process -------------------------------------------------------------------------------

let child = null;
let childExited = null; // { code, signal } once it has ended
const output = [];

function remember(chunk) {
  output.push(chunk.toString());
  if (output.length > 20_000) output.splice(0, output.length - 20_000);
}

function startPlatform(port, dataDir) {
  const entry = process.env.E2E_START_SCRIPT || 'scripts/start.mjs';
  child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      WPS_DATA_DIR: dataDir,
      WPS_SKIP_INSTALL: '1',
      ...(process.env.E2E_WEB_DIST ? { WPS_WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
      OPERATOR_TOKEN: operatorToken,
      WALLET_VENDOR_SECRETS: `SIMVENDOR:${vendorSecret}`,
      // Every player of the suite registers from this one address; the brand's default allows 30 an hour.
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !isWindows, // own process group, so the whole tree can be stopped
  });
  child.stdout.on('data', remember);
  child.stderr.on('data', remember);
  child.on('exit', (code, signal) => {
    childExited = { code, signal };
  });
  child.on('error', (error) => {
    remember(`spawn error: ${error.message}\n`);
    childExited = { code: -1, signal: null };
  });
}

function signalPlatform(signal) {
  if (!child || childExited) return;
  try {
    if (isWindows) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

async function stopPlatform() {
  if (!child) return;
  signalPlatform('SIGTERM');
  for (let waited = 0; waited < 10_000 && !childExited; waited += 100) await sleep(100);
  if (!childExited) {
    log('platform did not stop after SIGTERM: sending SIGKILL');
    signalPlatform('SIGKILL');
    for (let waited = 0; waited < 5_000 && !childExited; waited += 100) await sleep(100);
  }
  // Whatever is left in the group (grandchildren that ignored the leader's exit) goes too.
  if (!isWindows && child.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // group already empty
    }
  }
}

function printPlatformOutput(lines = 300) {
  const text = output.join('').split('\n').slice(-lines).join('\n');
  console.error(`\n[test-e2e] ---- platform output (last ${lines} lines) ----\n${text}\n[test-e2e] ---- end of platform output ----\n`);
}

async function waitReady(baseUrl) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (childExited) throw new Error(`platform exited early (code ${childExited.code}, signal ${childExited.signal})`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(500);
  }
  throw new Error(`platform not ready after ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
}

// ---- Main ----------------------------------------------------------------------------------------------------

let dataDir = null;
let cleaningUp = false;

async function cleanup() {
  if (cleaningUp) return;
  cleaningUp = true;
  await stopPlatform();
  if (output.length) {
    try {
      mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
      writeFileSync(path.join(ROOT, 'test-results', 'e2e-platform.log'), output.join(''));
    } catch {
      // best effort
    }
  }
  if (dataDir && process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal} received: stopping`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

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
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wps-e2e-'));
    baseUrl = `http://127.0.0.1:${port}`;
    log(`starting the platform on port ${port} (data in ${dataDir})`);
    startPlatform(port, dataDir);
    try {
      await waitReady(baseUrl);
    } catch (error) {
      console.error(`[test-e2e] ${error instanceof Error ? error.message : error}`);
      printPlatformOutput();
      await cleanup();
      return 1;
    }
    log('platform ready');
  }

  const code = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_BASE_URL: baseUrl, OPERATOR_TOKEN: operatorToken, E2E_VENDOR_SECRET: child || process.env.E2E_VENDOR_SECRET ? vendorSecret : '' },
  });
  if (code !== 0 && child) printPlatformOutput(150);
  await cleanup();
  return code;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error('[test-e2e]', error);
    if (child) printPlatformOutput();
    await cleanup();
    process.exit(1);
  },
);
