// `npm run typecheck`: every TypeScript project in the repo, two at a time (the machines have two cores). Each keeps an
// incremental build-info file under node_modules/.cache, so a second run only re-checks what changed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/prepare.mjs';

/** Largest first, so the two slowest don't end up queued behind the quick ones. */
const projects = [
  // packages, services, embedded, bench/*.ts, test/ and tools/
  { name: 'root', config: 'tsconfig.json' },
  // the browser suite and playwright.config.ts: DOM types and extensionless imports, so a project of its own
  { name: 'e2e', config: 'e2e/tsconfig.json' },
  { name: 'web', config: 'web/tsconfig.json' },
  // scripts/*.mjs (checkJs), vitest.config.ts and eslint.config.js
  { name: 'scripts', config: 'scripts/tsconfig.json' },
  // bench/*.mjs stays out: its imports pull the whole platform into one more program, about as slow as the root
  // project, and its untyped objects would need JSDoc in some thirty places first.
];

const only = process.argv.slice(2);
const chosen = only.length > 0 ? projects.filter((project) => only.includes(project.name)) : projects;
const cacheDir = path.join(root, 'node_modules', '.cache', 'typecheck');
mkdirSync(cacheDir, { recursive: true });
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** @param {{ name: string, config: string }} project */
function check(project) {
  const started = Date.now();
  const args = [tsc, '--noEmit', '-p', project.config, '--incremental', '--tsBuildInfoFile', path.join(cacheDir, `${project.name}.tsbuildinfo`)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${project.name} (${project.config}) ${seconds}s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const queue = [...chosen];
/** @type {boolean[]} */
const results = [];
const worker = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
};
await Promise.all([worker(), worker()]);
if (results.includes(false)) process.exit(1);
