// A bare express route answering a game-list-sized JSON body: the baseline the lobby bench compares the gateway with.
// It runs as its own process, as the gateway does, so it does not share an event loop with the load generator.
// Prints the port it listens on, then serves until killed.
import express from 'express';

const games = Array.from({ length: 18 }, (_, index) => ({ nodeId: String(index + 1), gameName: `Game ${index + 1}`, vassalage: 'HOUSE', gameType: 'RNG', isHot: 0 }));
const app = express();
app.get('/bare', (_req, res) => res.json({ success: true, value: { games, totalPages: 9, pageNum: 1, total: 145 } }));
const server = app.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
