// A worker thread of bench/live-table.mjs: opens its share of the watching Socket.IO clients, joins the table's room,
// and reports each result push's latency (now − the event's decision time) to the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { base, tableId, clients } = workerData;
let connected = 0;
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
    parentPort.postMessage({ type: 'result', roundId: push.data.roundId, latency: Date.now() - push.data.at });
  });
  if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
}
