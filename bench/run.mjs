// `npm run bench`: every benchmark of the project, one after the other.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const steps = [
  ['node', [path.join(here, 'startup.mjs')]],
  ['npx', ['tsx', path.join(here, 'events.ts'), '--transport', 'both']],
  ['node', [path.join(here, 'journey.mjs')]],
  ['node', [path.join(here, 'lobby.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'wallet', 'run.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'login.mjs')]],
  ['node', [path.join(here, 'live-table.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'slots-rtp.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'slots-path.mjs'), '--mode', 'both']],
  ['node', ['--import', 'tsx', path.join(here, 'notices', 'notices-call.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'notices', 'broadcast.mjs')]],
  ['node', ['--import', 'tsx', path.join(here, 'points', 'run.mjs')]],
];
let failed = 0;
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: path.join(here, '..') });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
