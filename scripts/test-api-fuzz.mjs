#!/usr/bin/env node
// API fuzz run: Schemathesis (from PyPI, in a virtual environment under node_modules/.cache) against the OpenAPI
// references the platform generates from its use-case declarations, with every check on. It starts the embedded
// platform with its demo data and request budgets raised for one busy client, signs in the demo player, then runs
//   - the player API, guest and member calls, with the demo player's session (sign-out left out: it would end the
//     session the rest of the run uses), and
//   - the seamless-wallet vendor API, each call signed as a vendor signs it (scripts/api-fuzz/hooks.py), most of them
//     naming the demo player so that bets, wins and rollbacks reach the ledger.
// Any finding fails the run. API_FUZZ_EXAMPLES sets the examples per operation (default 10); extra arguments go to
// both `schemathesis run` invocations (e.g. `npm run test:api-fuzz -- --seed 1`).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startPlatformChild } from './lib/platform-child.mjs';
import { root } from './lib/prepare.mjs';

const SCHEMATHESIS = 'schemathesis==4.32.5';
const VENV = path.join(root, 'node_modules', '.cache', 'api-fuzz-venv');
const HOOKS_DIR = path.join(root, 'scripts', 'api-fuzz');
const REPORTS = path.join(root, 'test-results', 'api-fuzz');
const VENDOR = 'FUZZVENDOR';
const vendorSecret = randomBytes(24).toString('hex');
const examples = process.env.API_FUZZ_EXAMPLES || '10';

const log = (message) => console.log(`[api-fuzz] ${message}`);
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

/** The virtual environment with Schemathesis, made once and kept with the other build caches. */
function ensureSchemathesis() {
  const bin = path.join(VENV, 'bin', 'schemathesis');
  const pip = path.join(VENV, 'bin', 'pip');
  if (
    existsSync(bin) &&
    run(path.join(VENV, 'bin', 'python'), ['-c', `import importlib.metadata as m; assert m.version("schemathesis") == "${SCHEMATHESIS.split('==')[1]}"`], { stdio: 'ignore' }) === 0
  )
    return bin;
  log(`installing ${SCHEMATHESIS} into ${path.relative(root, VENV)}`);
  mkdirSync(path.dirname(VENV), { recursive: true });
  if (run('python3', ['-m', 'venv', '--clear', VENV]) !== 0) {
    // Debian's own Python keeps venv in a package of its own.
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) throw new Error('python3 cannot make a virtual environment: install python3-venv');
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', 'python3-venv']);
    if (run('python3', ['-m', 'venv', '--clear', VENV]) !== 0) throw new Error('python3 -m venv failed');
  }
  if (run(pip, ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS]) !== 0) throw new Error(`pip could not install ${SCHEMATHESIS}`);
  return bin;
}

/**
 * @param {string} baseUrl @param {string} method @param {string} url @param {unknown} [body] @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
async function api(baseUrl, method, url, body, headers = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = /** @type {{ success: boolean, code?: string, value?: unknown }} */ (await response.json());
  if (!answer.success) throw new Error(`${method} ${url}: ${response.status} ${answer.code}`);
  return answer.value;
}

/** One `schemathesis run`; returns its exit code and how many cases it generated. */
function schemathesis(bin, name, baseUrl, args, env) {
  mkdirSync(REPORTS, { recursive: true });
  log(`${name}: schemathesis run ${args.map((arg) => arg.replace(/Bearer \S+/, 'Bearer …')).join(' ')}`);
  const result = spawnSync(
    bin,
    [
      '--config-file',
      path.join(HOOKS_DIR, 'schemathesis.toml'),
      'run',
      `${baseUrl}/api/docs/${name}.json`,
      '--url',
      baseUrl,
      '--checks',
      'all',
      '--max-examples',
      examples,
      // One worker: Python 3.11 can fail parsing source in two threads at once ("AST constructor recursion depth
      // mismatch" inside Hypothesis), which ends the run with an error that is not the platform's.
      '--workers',
      '1',
      '--report',
      'junit',
      '--report-dir',
      path.join(REPORTS, name),
      ...args,
      ...process.argv.slice(2),
    ],
    // Run from the reports folder: Schemathesis keeps its cache (.schemathesis) where it runs.
    { cwd: REPORTS, env: { ...process.env, SCHEMATHESIS_HOOKS: 'hooks', PYTHONPATH: HOOKS_DIR, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  // Schemathesis frames its headings and its closing line in pytest's `==== … ====` banners ("No issues found in
  // 30.1s"); a CI log reader that knows pytest would take that closing line for a test run that ran nothing. The
  // banners are shown as plain headings instead: the run's own counts are in ci-summary's line.
  process.stdout.write(result.stdout.replace(/^=+ (.*?) =+$/gm, '-- $1 --'));
  process.stderr.write(result.stderr);
  const generated = Number(/(\d+) generated/.exec(result.stdout)?.[1] ?? 0);
  return { code: result.status ?? 1, generated };
}

const operatorToken = randomBytes(24).toString('base64url');
const platform = await startPlatformChild({
  label: 'api-fuzz',
  env: {
    OPERATOR_TOKEN: operatorToken,
    WALLET_VENDOR_SECRETS: `${VENDOR}:${vendorSecret}`,
    // One client sends every call: the budgets that stop a crowd of strangers would stop the run instead. The
    // spraying defences, per-member limits and vendor limits have tests of their own.
    GATEWAY_REQUESTS_PER_IP_PER_MINUTE: '10000000',
    VENDOR_REQUESTS_PER_10S: '10000000',
    VENDOR_SIGNATURE_FAILURES_PER_10S: '10000000',
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000000',
    LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: '1000000',
    PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR: '1000000',
    SMS_REQUESTS_PER_IP_PER_HOUR: '1000000',
    TRIAL_LOGINS_PER_IP_PER_HOUR: '1000000',
  },
});
const stop = async (code) => {
  await platform.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal === 'SIGINT' ? 130 : 143));

try {
  const bin = ensureSchemathesis();
  log(`starting the platform at ${platform.baseUrl}`);
  await platform.ready();
  const session = await api(platform.baseUrl, 'POST', '/wps/session/login', { username: 'demoplayer', password: 'demo1234' });
  const wallet = await api(platform.baseUrl, 'GET', '/wps/v2/wallets/balance', undefined, { authorization: `Bearer ${session.token}` });

  const started = Date.now();
  const player = schemathesis(bin, 'public', platform.baseUrl, ['--exclude-operation-id', 'logout', '--header', `Authorization: Bearer ${session.token}`], {});
  const vendor = schemathesis(bin, 'vendor', platform.baseUrl, [], {
    API_FUZZ_VENDOR_CODE: VENDOR,
    API_FUZZ_VENDOR_SECRET: vendorSecret,
    API_FUZZ_PLAYER: session.user.id,
    API_FUZZ_CURRENCY: wallet.currency,
  });
  const failed = player.code !== 0 || vendor.code !== 0;
  log(`player API: ${player.generated} cases, ${player.code === 0 ? 'no findings' : 'FINDINGS'}`);
  log(`vendor API: ${vendor.generated} cases, ${vendor.code === 0 ? 'no findings' : 'FINDINGS'}`);
  log(`${player.generated + vendor.generated} cases in ${Math.round((Date.now() - started) / 1000)} s; JUnit reports in ${path.relative(root, REPORTS)}`);
  if (failed) console.error(`[api-fuzz] ---- platform output (last 100 lines) ----\n${platform.tail(100)}`);
  await stop(failed ? 1 : 0);
} catch (error) {
  console.error('[api-fuzz]', error);
  console.error(platform.tail(100));
  await stop(1);
}
