// Balance-push latency as a player sees it: one Socket.IO client per bench player, authenticated with the player's
// session token as the web client does (web/src/live/connection.ts), so the gateway puts it in the member's room and
// sends it `push` events `{ v, type: 'balance', data: { balance, currency, version } }` (packages/contracts push.ts).
//
// The figure is the time from a settling win's HTTP answer reaching the vendor (the bench) to the balance push with
// the same new balance reaching the player's socket: the ledger → outbox → Kafka → gateway → socket path that runs
// after the wallet has answered. The vendor answer carries no account version, so an answer is matched to a push by
// (player, balance string). A win that moved no money (amount 0) produces no push and is not waited for. A player
// can have several rounds in flight and the same balance can come back later, so the pairing is done at the end: each
// answer takes the unused push of its (player, balance) closest in time. A push may beat the answer to the bench (the
// gateway pushes as soon as the event is consumed, the answer crosses the gateway too); such latencies are kept as
// they are, negative, and counted.
import { io } from 'socket.io-client';
import { summarise } from '../stats.mjs';

/** Pushes arriving this long before an answer can still be its push; anything earlier belongs to another movement. */
const EARLY_MS = 1_000;

const round2 = (n) => Math.round(n * 100) / 100;

/**
 * Connects one socket per player (`{ id, token }`) to the gateway at `base` and resolves once all are connected.
 * Returns a watcher: `record()` starts a measurement window and gives the recorder to hand to the load (its
 * `finish()` ends the window), `close()` disconnects every socket.
 */
export async function connectPushClients(base, players, { timeoutMs = 30_000 } = {}) {
  const sockets = [];
  let recording;
  let disconnects = 0;
  let otherPushes = 0;
  const connectOne = (player) =>
    new Promise((resolve, reject) => {
      const socket = io(base, { auth: { token: player.token }, transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      const timer = setTimeout(() => reject(new Error(`socket of ${player.id} not connected within ${timeoutMs} ms`)), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.on('connect_error', (error) => {
        // A refused handshake (bad token) is final; a transport error is retried by the client itself.
        if (socket.active) return;
        clearTimeout(timer);
        reject(new Error(`socket of ${player.id} refused: ${error.message}`));
      });
      socket.on('disconnect', () => disconnects++);
      socket.on('push', (push) => {
        const at = performance.now();
        // Winner board, jackpot and lobby pushes reach every socket of the brand; only the member's balance counts.
        if (push?.type !== 'balance' || typeof push.data?.balance !== 'string') {
          otherPushes++;
          return;
        }
        recording?.pushed(player.id, push.data.balance, push.data.version, at);
      });
    });
  // A few at a time: each handshake resolves the session at the gateway.
  try {
    for (let i = 0; i < players.length; i += 20) await Promise.all(players.slice(i, i + 20).map(connectOne));
  } catch (error) {
    // The sockets already open would retry for ever and keep the process alive.
    for (const socket of sockets) socket.disconnect();
    throw error;
  }

  return {
    sockets: sockets.length,
    get disconnects() {
      return disconnects;
    },
    get otherPushes() {
      return otherPushes;
    },
    /** Starts a window: balance pushes and settling-win answers from now on are collected for pairing. */
    record() {
      const current = pairing(() => {
        if (recording === current) recording = undefined;
      });
      recording = current;
      return current;
    },
    close() {
      recording = undefined;
      for (const socket of sockets) {
        socket.removeAllListeners();
        socket.disconnect();
      }
    },
  };
}

/** One measurement window: answers and pushes by (player, balance), paired when the load has ended; `ended` closes it. */
function pairing(ended) {
  const answers = new Map();
  const pushes = new Map();
  let silentWins = 0;
  const key = (player, balance) => `${player}|${balance}`;
  const add = (map, k, value) => {
    const list = map.get(k);
    if (list) list.push(value);
    else map.set(k, [value]);
  };
  /** Answers that no push could yet be paired with: fewer pushes than answers under a key, counting plausible ones. */
  const outstanding = () => {
    let count = 0;
    for (const [k, list] of answers) {
      const earliest = list[0] - EARLY_MS;
      const candidates = (pushes.get(k) ?? []).filter((push) => push.at >= earliest).length;
      count += Math.max(0, list.length - candidates);
    }
    return count;
  };
  return {
    /** A settling win's answer arrived at `at` with the player's new `balance`; `moved` false for a zero win. */
    answered(player, balance, at, moved = true) {
      if (!moved) {
        silentWins++;
        return;
      }
      add(answers, key(player, balance), at);
    },
    pushed(player, balance, version, at) {
      add(pushes, key(player, balance), { at, version, used: false });
    },
    /**
     * Waits until every answer has a push it can be paired with, or `graceMs` after the load ended, then pairs them:
     * p50 / p99 / max of push arrival − answer arrival, and the answers whose push never came (missed).
     */
    async finish(graceMs = 5_000) {
      const deadline = performance.now() + graceMs;
      while (outstanding() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      ended();
      const latencies = [];
      let missed = 0;
      for (const [k, list] of answers) {
        const candidates = pushes.get(k) ?? [];
        for (const answeredAt of list) {
          let best;
          for (const push of candidates) {
            if (push.used || push.at < answeredAt - EARLY_MS) continue;
            if (!best || Math.abs(push.at - answeredAt) < Math.abs(best.at - answeredAt)) best = push;
          }
          if (!best) {
            missed++;
            continue;
          }
          best.used = true;
          latencies.push(best.at - answeredAt);
        }
      }
      const summary = summarise(latencies);
      return {
        ...summary,
        min: latencies.length ? round2(latencies.reduce((a, b) => Math.min(a, b))) : NaN,
        missed,
        /** Pushes that arrived before the answer did (negative latency), kept as measured. */
        beforeAnswer: latencies.filter((ms) => ms < 0).length,
        /** Settling wins of 0, which move no money and so send no push. */
        silentWins,
      };
    },
  };
}
