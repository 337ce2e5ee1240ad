// The embedded platform as a child process for the suites that test it from outside (the browser suite, the API
// fuzz run): a free port, a fresh data directory, readiness, its output kept for the report, and a clean stop of the
// whole process group.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './prepare.mjs';

const READY_TIMEOUT_MS = 120_000;
const isWindows = process.platform === 'win32';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
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

/**
 * Starts `entry` (default scripts/start.mjs) on a free port with a fresh data directory and the given settings.
 * @param {{ label: string, env?: Record<string, string>, entry?: string, keepData?: boolean }} options
 */
export async function startPlatformChild({ label, env = {}, entry = 'scripts/start.mjs', keepData = false }) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wps-${label}-`));
  const output = [];
  /** @type {{ code: number | null, signal: string | null } | null} */
  let exited = null;
  const remember = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 20_000) output.splice(0, output.length - 20_000);
  };
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WPS_DATA_DIR: dataDir, WPS_SKIP_INSTALL: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !isWindows, // own process group, so the whole tree can be stopped
  });
  child.stdout.on('data', remember);
  child.stderr.on('data', remember);
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  child.on('error', (error) => {
    remember(`spawn error: ${error.message}\n`);
    exited = { code: -1, signal: null };
  });

  const signal = (name) => {
    if (exited) return;
    try {
      if (isWindows) child.kill(name);
      else process.kill(-(child.pid ?? 0), name);
    } catch {
      try {
        child.kill(name);
      } catch {
        // already gone
      }
    }
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    baseUrl,
    dataDir,
    async ready() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      let last = 'no answer yet';
      while (Date.now() < deadline) {
        if (exited) throw new Error(`platform exited early (code ${exited.code}, signal ${exited.signal})`);
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
    },
    /** The last lines the platform printed. */
    tail(lines = 300) {
      return output.join('').split('\n').slice(-lines).join('\n');
    },
    /** Stops the platform (SIGTERM, then SIGKILL), writes its output to test-results/<label>-platform.log, removes its data. */
    async stop() {
      if (stopped) return;
      stopped = true;
      signal('SIGTERM');
      for (let waited = 0; waited < 10_000 && !exited; waited += 100) await sleep(100);
      if (!exited) {
        signal('SIGKILL');
        for (let waited = 0; waited < 5_000 && !exited; waited += 100) await sleep(100);
      }
      // Whatever is left in the group (grandchildren that ignored the leader's exit) goes too.
      if (!isWindows && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // group already empty
        }
      }
      if (output.length) {
        try {
          mkdirSync(path.join(root, 'test-results'), { recursive: true });
          writeFileSync(path.join(root, 'test-results', `${label}-platform.log`), output.join(''));
        } catch {
          // best effort
        }
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
