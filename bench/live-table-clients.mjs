// A worker thread of bench/live-table.mjs: opens its share of the watching Socket.IO clients, joins the table's room,
// and reports each result push's latency (now − the event's decision time) to the main thread. The latency is taken
// on receipt; receipts go to the main thread in one message per burst, so reporting does not delay the next socket.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { base, tableId, clients } = workerData;
let connected = 0;
let pending = [];
const report = () => {
  if (pending.length === 0) return;
  parentPort.postMessage({ type: 'results', results: pending });
  pending = [];
};
for (let index = 0; index < clients; index++) {
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
  socket.on('connect', () => {
    socket.emit('join-table', tableId, () => {
      connected++;
      if (connected % 50 === 0 || connected === clients) parentPort.postMessage({ type: 'connected', count: connected % 50 === 0 ? 50 : connected % 50 });
    });
  });
  socket.on('push', (push) => {
    if (push?.type !== 'table' || push.data?.kind !== 'result') return;
    if (pending.length === 0) setTimeout(report, 20);
    pending.push({ roundId: push.data.roundId, latency: Date.now() - push.data.at });
  });
  if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
}
