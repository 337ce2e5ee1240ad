import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests are split by suffix: *.unit.spec.ts (pure), *.int.spec.ts (embedded: PGlite and the in-memory bus),
// *.cluster.spec.ts (real PostgreSQL, Redis and Kafka, run by `npm run test:cluster`, one file at a time: the files
// share one running cluster).
//
// Unit and embedded integration files run in at least two workers (vitest's default is one fewer than the cores, which
// is one on a two-core machine), and a worker's files share its loaded modules (`isolate: false`): a file's platform
// starts from code already loaded and compiled instead of loading it all again. So a file must leave the process as
// it found it: settings go to the platform it starts (`startEmbedded({ env })`), not to `process.env`, and fake timers
// and stubbed globals are put back.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
    // The pool keeps its workers from file to file; each project below says whether a file's modules are its own.
    // `npm run test:cluster` passes --isolate: its files run one at a time, each in a fresh process.
    isolate: false,
    projects: [
      // Pure tests; some are exhaustive sweeps that take seconds when the machine is busy, hence the longer timeout.
      { test: { name: 'unit', include: ['{packages,services,embedded,web}/**/*.unit.spec.ts'], environment: 'node', isolate: false, testTimeout: 30_000 } },
      {
        test: {
          name: 'int',
          include: ['{packages,services,embedded}/**/*.int.spec.ts'],
          environment: 'node',
          isolate: false,
          // The specs play many clients from this machine, each naming its address with X-Forwarded-For: the embedded
          // platforms they start believe that header from loopback (a spec can still pass `env: { TRUST_PROXY }`).
          // The sportsbook's simulated feed stays off: the sportsbook's own specs hand the book their feed messages.
          // No bet hits the progressive jackpot by chance (one in 10,000 by default): the specs check balances to the
          // cent; the jackpot's own specs set its chance, and every bet still feeds the pool.
          env: { TRUST_PROXY: 'loopback', HOUSE_SPORTSBOOK_FEED: 'none', WALLET_JACKPOT_HIT_PROBABILITY: '0' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['{packages,services,embedded,test}/**/*.cluster.spec.ts'],
          environment: 'node',
          isolate: true,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
