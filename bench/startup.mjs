// Embedded start-up: `npm start` (warm install, client already built) until /health/ready answers 200.
// Measures a first start on an empty data folder and restarts on existing data.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.STARTUP_RUNS ?? 3);

async function startOnce(dataDir, port) {
  const begun = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, PORT: String(port), WPS_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return performance.now() - begun;
      if (performance.now() - begun > 120_000) throw new Error('not ready after 120 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-startup-'));
try {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const first = await startOnce(dataDir, port);
  const restarts = [];
  for (let i = 0; i < runs; i++) restarts.push(await startOnce(dataDir, port));
  const result = { firstStartEmptyDataMs: Math.round(first), restartExistingData: summarise(restarts) };
  console.log('Embedded start (npm start → /health/ready, warm install):');
  console.log(`  first start, empty data folder: ${result.firstStartEmptyDataMs} ms`);
  console.log(`  restart on existing data:       p50 ${result.restartExistingData.p50} ms, max ${result.restartExistingData.max} ms (${runs} runs)`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'startup.json'), JSON.stringify(result, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
