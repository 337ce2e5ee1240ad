// Simulates the house video slots through the real provably fair derivation (HMAC-SHA256 per 32-byte block, rejection
// sampling, the same round code the service runs) and compares the simulated return with the published exact one.
//   node --import tsx bench/slots-rtp.mjs [--spins 10000000] [--workers <cores>] [--game house-slot-pharaoh]
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';

const here = path.dirname(fileURLToPath(import.meta.url));

async function simulate({ game, spins, serverSeed, clientSeed, firstNonce }) {
  const { DrawStream, playSlotRound, SLOT_GAMES } = await import('@wps/contracts');
  const { nodeBlocks } = await import('@wps/house/fairness/seeds');
  const definition = SLOT_GAMES[game];
  let sum = 0;
  let sumSquares = 0;
  let triggers = 0;
  for (let index = 0; index < spins; index++) {
    const round = playSlotRound(definition, new DrawStream(nodeBlocks(serverSeed, clientSeed, firstNonce + index)));
    sum += round.multiplier;
    sumSquares += round.multiplier * round.multiplier;
    if (round.freeSpins.length) triggers++;
  }
  return { sum, sumSquares, triggers, spins };
}

if (!isMainThread) {
  // Worker threads do not inherit --import, so each registers the TypeScript loader itself.
  const { register } = await import('tsx/esm/api');
  register();
  parentPort.postMessage(await simulate(workerData));
} else {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const spins = Number(option('spins', '10000000'));
  const workers = Number(option('workers', String(Math.max(1, availableParallelism()))));
  const { SLOT_GAMES, slotRtp } = await import('@wps/contracts');
  const games = option('game') ? [option('game')] : Object.keys(SLOT_GAMES);
  const results = [];
  for (const game of games) {
    const serverSeed = randomBytes(32).toString('hex');
    const clientSeed = 'rtp-bench';
    const share = Math.ceil(spins / workers);
    const started = performance.now();
    const parts = await Promise.all(
      Array.from({ length: workers }, (_, index) => {
        const count = Math.min(share, spins - index * share);
        return new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { game, spins: count, serverSeed, clientSeed, firstNonce: index * share } });
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = parts.reduce((acc, part) => ({ sum: acc.sum + part.sum, sumSquares: acc.sumSquares + part.sumSquares, triggers: acc.triggers + part.triggers, spins: acc.spins + part.spins }), {
      sum: 0,
      sumSquares: 0,
      triggers: 0,
      spins: 0,
    });
    const simulated = total.sum / total.spins;
    const deviation = Math.sqrt(total.sumSquares / total.spins - simulated * simulated);
    const published = slotRtp(SLOT_GAMES[game]).total;
    const result = {
      game,
      spins: total.spins,
      workers,
      seconds: Number(seconds.toFixed(2)),
      spinsPerSecond: Math.round(total.spins / seconds),
      publishedRtp: Number((published * 100).toFixed(4)),
      simulatedRtp: Number((simulated * 100).toFixed(4)),
      differencePoints: Number(((simulated - published) * 100).toFixed(4)),
      standardErrorPoints: Number(((deviation / Math.sqrt(total.spins)) * 100).toFixed(4)),
      freeSpinTriggerRate: Number((total.triggers / total.spins).toFixed(6)),
      withinGoal: Math.abs(simulated - published) * 100 <= 0.3,
    };
    results.push(result);
    console.log(
      `${game}: ${result.spins.toLocaleString()} spins in ${result.seconds} s (${result.spinsPerSecond.toLocaleString()} spins/s, ${workers} workers) ` +
        `simulated RTP ${result.simulatedRtp} % vs published ${result.publishedRtp} % (${result.differencePoints >= 0 ? '+' : ''}${result.differencePoints} points, SE ${result.standardErrorPoints})` +
        ` ${result.withinGoal ? 'OK' : 'OUTSIDE 0.3 points'}`,
    );
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'slots-rtp.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  process.exit(results.every((result) => result.withinGoal) ? 0 : 1);
}
