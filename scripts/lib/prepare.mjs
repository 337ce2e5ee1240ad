// Plain Node (no dependencies): runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function newestIn(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function run(command, args, label) {
  process.stdout.write(`› ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`${label} failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  if (process.env.WPS_SKIP_INSTALL === '1') return;
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(lock) && existsSync(path.join(root, 'node_modules', 'tsx'))) return;
  // `npm install` rather than `npm ci`: it installs the locked versions too, and tolerates lock files that list only
  // this platform's optional binaries (rollup, esbuild), which `npm ci` refuses.
  run('npm', ['install', '--no-audit', '--no-fund'], 'Installing dependencies');
}

/** Builds the web client when its build is missing or older than its sources. */
export function ensureWebBuilt() {
  if (process.env.WPS_SKIP_WEB_BUILD === '1') return;
  const built = path.join(root, 'web', 'dist', 'index.html');
  // The build takes the calls' table from the declarations in packages/contracts, and its plugins from web/build.
  const sources = Math.max(
    newestIn(path.join(root, 'web', 'src')),
    newestIn(path.join(root, 'web', 'build')),
    newestIn(path.join(root, 'packages', 'contracts', 'src')),
    mtime(path.join(root, 'web', 'index.html')),
    mtime(path.join(root, 'web', 'vite.config.ts')),
  );
  if (existsSync(built) && mtime(built) >= sources) return;
  run('npm', ['run', 'build', '-w', 'web', '--silent'], 'Building the web client');
}
