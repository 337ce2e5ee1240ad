#!/usr/bin/env node
// `npm run audit`: the production dependencies against the registry's advisories. Fails on any high or critical
// advisory not written down in audit-exceptions.json (package name → the reason it does not apply or cannot be fixed
// yet). When the registry's advisory endpoint does not answer (a registry mirror that serves packages only), it says
// so and passes, unless AUDIT_REQUIRED=1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/prepare.mjs';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
/** @type {{ vulnerabilities?: Record<string, { severity: string, via: unknown[] }>, message?: string, error?: { summary?: string } }} */
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = { message: (result.stderr || result.stdout || 'no answer').trim().split('\n')[0] };
}

if (!report.vulnerabilities) {
  const why = report.message ?? report.error?.summary ?? 'no report';
  if (process.env.AUDIT_REQUIRED === '1') {
    console.error(`npm audit: the advisory endpoint did not answer (${why})`);
    process.exit(1);
  }
  console.log(`npm audit: the advisory endpoint did not answer (${why}); no advisories could be read this run.`);
  process.exit(0);
}

const exceptionsFile = path.join(root, 'audit-exceptions.json');
/** @type {Record<string, string>} */
const exceptions = existsSync(exceptionsFile) ? JSON.parse(readFileSync(exceptionsFile, 'utf8')) : {};
const serious = Object.entries(report.vulnerabilities).filter(([, found]) => found.severity === 'high' || found.severity === 'critical');
const open = serious.filter(([name]) => !exceptions[name]);
for (const [name, found] of serious) {
  const advisories = found.via
    .filter((via) => typeof via === 'object' && via !== null)
    .map((via) => /** @type {{ title?: string, url?: string }} */ (via))
    .map((via) => `${via.title ?? ''} ${via.url ?? ''}`.trim());
  console.log(`${exceptions[name] ? 'excepted' : 'OPEN'}  ${found.severity}  ${name}${advisories.length ? `: ${advisories.join('; ')}` : ''}${exceptions[name] ? ` (${exceptions[name]})` : ''}`);
}
console.log(`npm audit: ${Object.keys(report.vulnerabilities).length} advisories in all, ${serious.length} high or critical, ${open.length} open.`);
process.exit(open.length > 0 ? 1 : 0);
