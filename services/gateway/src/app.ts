import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Server as HttpServer } from 'node:http';
import express, { type Express } from 'express';
import type { ServerOptions } from 'socket.io';
import { createHttpApp, healthRoutes, type EventBus, type KeyValueStore, type Logger } from '@wps/platform';
import type { GatewayClients } from './clients.js';
import { publicApi } from './routes/public-api.js';
import { moneyApi } from './routes/money-api.js';
import { operatorApi } from './routes/operator-api.js';
import { sandboxPay } from './routes/sandbox-pay.js';
import { vendorApi } from './routes/vendor-api.js';
import { betsApi } from './routes/bets-api.js';
import { registrationApi } from './routes/identity-registration-api.js';
import { loginApi } from './routes/identity-login-api.js';
import { accountApi } from './routes/identity-account-api.js';
import { secondFactorApi } from './routes/identity-second-factor-api.js';
import { gamesApi } from './routes/games-api.js';
import { houseApi } from './routes/house-api.js';
import { houseLiveApi } from './routes/house-live-api.js';
import { housePvpApi } from './routes/house-pvp-api.js';
import { PushHub } from './push.js';
import { SessionResolver } from './auth.js';

export interface GatewayOptions {
  clients: GatewayClients;
  bus: EventBus;
  cache: KeyValueStore;
  logger: Logger;
  webDist?: string;
  requestsPerIpPerMinute?: number;
  socketAdapter?: ServerOptions['adapter'];
  readiness: () => Promise<Record<string, boolean>>;
  /** OPERATOR_TOKEN: without it the operator API answers 404. */
  operatorToken?: string;
  /** SANDBOX_PAY_SECRET: without it the sandbox payment provider answers 404. */
  sandboxPaySecret?: string;
  /** VENDOR_REQUESTS_PER_10S: seamless-wallet calls per vendor code per 10 s. */
  vendorRequestsPer10s?: number;
}

export interface Gateway {
  app: Express;
  attach(server: HttpServer): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The public edge: the spec's HTTP API, Socket.IO pushes, and the built web client, on one origin. */
export function createGateway(options: GatewayOptions): Gateway {
  const { app, finish } = createHttpApp(options.logger);
  const sessions = new SessionResolver(options.clients, options.cache);
  const push = new PushHub({ sessions, bus: options.bus, logger: options.logger, adapter: options.socketAdapter });
  app.use(healthRoutes(options.readiness));
  app.use(moneyApi({ clients: options.clients, cache: options.cache, sessions, requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? 1_200 }));
  app.use(operatorApi({ clients: options.clients, operatorToken: options.operatorToken, sessions }));
  app.use(sandboxPay({ clients: options.clients, secret: options.sandboxPaySecret }));
  app.use(vendorApi({ clients: options.clients, cache: options.cache, requestsPerVendorPer10s: options.vendorRequestsPer10s ?? 6_000 }));
  app.use(betsApi({ clients: options.clients, cache: options.cache, sessions, requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? 1_200 }));
  const edge = { clients: options.clients, cache: options.cache, sessions, requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? 1_200 };
  app.use(registrationApi(edge));
  app.use(loginApi(edge));
  app.use(accountApi({ ...edge, onLogout: (token) => push.endSession(token) }));
  app.use(secondFactorApi(edge));
  app.use(gamesApi(edge));
  app.use(houseApi(edge));
  app.use(houseLiveApi(edge));
  app.use(housePvpApi(edge));
  app.use(
    publicApi({
      clients: options.clients,
      cache: options.cache,
      sessions,
      requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? 1_200,
    }),
  );
  const webDist = options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
    // Client-side routes (/, /home, /login, /register …) all load the single-page app.
    app.get('/{*path}', (req, res, next) => {
      if (req.path.startsWith('/wps/') || req.path.startsWith('/lgw/') || req.path.startsWith('/socket.io') || req.path.startsWith('/internal/')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDist, 'index.html'));
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('The API is running. Build the web client (npm run build:web) to serve the site here.');
    });
  }
  finish();
  return {
    app,
    attach: (server) => push.attach(server),
    start: () => push.start(),
    stop: () => push.stop(),
  };
}
