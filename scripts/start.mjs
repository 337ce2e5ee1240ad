// `npm start`: installs what is missing, builds the client, then runs every service in one process (embedded mode).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from './lib/prepare.mjs';

ensureInstalled();
ensureWebBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'embedded', 'src', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
