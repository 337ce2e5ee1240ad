#!/usr/bin/env node
// Adds up what the test runners of a CI run reported and prints it as one closing line, "tests: N passed, N failed".
// Reads the logs the runners wrote (vitest's "Tests  … passed" lines, Playwright's "N passed" / "N flaky" lines).
// A test Playwright passed on its retry counts as passed and is named flaky. A log without a summary is named on
// standard error (the runner's own exit code has already decided the run).
import { readFileSync } from 'node:fs';

const ESCAPE = String.fromCharCode(27);
const stripColours = (text) => text.replace(new RegExp(`${ESCAPE}\\[[0-9;]*m`, 'g'), '');

/** The counts one log reports: vitest's "Tests" lines, else Playwright's closing lines. */
export function countsOf(text) {
  const lines = stripColours(text).split('\n');
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0, found: false };
  for (const line of lines) {
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (vitest) {
      counts.found = true;
      for (const [, number, word] of vitest[1].matchAll(/(\d+)\s+(passed|failed|skipped|todo)/g)) {
        if (word === 'passed') counts.passed += Number(number);
        else if (word === 'failed') counts.failed += Number(number);
        else counts.skipped += Number(number);
      }
      continue;
    }
    const playwright = /^\s*(\d+)\s+(passed|failed|flaky|skipped|did not run|interrupted)(\s+\([\d.]+m?s?\))?\s*$/.exec(line);
    if (playwright) {
      counts.found = true;
      const number = Number(playwright[1]);
      const word = playwright[2];
      if (word === 'passed') counts.passed += number;
      else if (word === 'flaky') {
        counts.passed += number;
        counts.flaky += number;
      } else if (word === 'failed' || word === 'interrupted') counts.failed += number;
      else counts.skipped += number;
    }
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const logs = process.argv.slice(2);
  const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  let missing = 0;
  for (const log of logs) {
    const counts = countsOf(readFileSync(log, 'utf8'));
    if (!counts.found) {
      console.error(`no test summary in ${log}`);
      missing += 1;
      continue;
    }
    console.log(`${log.split('/').pop()}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.flaky ? ` (${counts.flaky} flaky)` : ''}`);
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (missing > 0) console.error(`${missing} of ${logs.length} logs had no test summary`);
  process.exit(total.failed > 0 ? 1 : 0);
}
