import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Server as HttpServer } from 'node:http';
import type { Express } from 'express';
import type { ServerOptions } from 'socket.io';
import { createHttpApp, healthRoutes, type EventBus, type KeyValueStore, type Logger } from '@wps/platform';
import type { GatewayClients } from './clients.js';
import { moneyEdgeOperations } from './routes/money-edge.js';
import { pointsEdgeOperations } from './routes/points-edge.js';
import { operatorEdgeOperations } from './routes/operator-edge.js';
import { sandboxPayEdgeOperations } from './routes/sandbox-pay.js';
import { identityEdgeOperations } from './routes/identity-edge.js';
import { accountEdgeOperations } from './routes/account-edge.js';
import { gamesEdgeOperations } from './routes/games-api.js';
import { useCaseRouter } from './use-cases.js';
import { allUseCases } from '@wps/contracts';
import { houseEdgeOperations } from './routes/house-api.js';
import { PushHub } from './push.js';
import { unreadPushFeed } from './push-feeds/unread.js';
import { noticesPushFeed } from './push-feeds/notices.js';
import { chatPushFeed } from './push-feeds/chat.js';
import { loyaltyPushFeed } from './push-feeds/loyalty.js';
import { feedbackPushFeed } from './push-feeds/feedback.js';
import { contentEdgeOperations } from './routes/content-edge.js';
import { filesEdgeOperations } from './routes/files-edge.js';
import { merchantHint, SessionResolver } from './auth.js';
import { PublicAnswers } from './public-answers.js';
import { securityHeaders } from './security-headers.js';
import { FrameOrigins } from './edge/frame-origins.js';
import { MirrorOrigins } from './edge/mirror-origins.js';
import { noStore } from './edge/no-store.js';
import { API_PATH_PREFIXES } from './edge/api-paths.js';
import { compressAnswers } from './edge/compression.js';
import { isStaticPath } from './edge/static-routes.js';
import { webClient } from './edge/web-client.js';
import { apiDocs } from './api-docs.js';
import { AppError } from '@wps/platform';

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
  /** VENDOR_SIGNATURE_FAILURES_PER_10S: wrongly signed vendor calls per source address per 10 s. */
  vendorSignatureFailuresPer10s?: number;
  /**
   * GATEWAY_FRAME_ORIGINS_REFRESH_MS: how often a brand's origins in the CSP are asked again: its game-frame origins
   * (frame-src) and its mirror domains (connect-src).
   */
  frameOriginsRefreshMs?: number;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client; empty or unset, the client is the socket's peer. */
  trustProxy?: readonly string[];
}

export interface Gateway {
  app: Express;
  attach(server: HttpServer): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a brand's first page after a start waits for the brand's frame and mirror origins, at the most. */
const FIRST_LISTS_WAIT_MS = 500;

/** The public edge: the spec's HTTP API, Socket.IO pushes, and the built web client, on one origin. */
export function createGateway(options: GatewayOptions): Gateway {
  const { app, finish } = createHttpApp(options.logger, { trustProxy: options.trustProxy });
  const sessions = new SessionResolver(options.clients, options.cache);
  const answers = new PublicAnswers();
  const push = new PushHub({
    sessions,
    bus: options.bus,
    logger: options.logger,
    clients: options.clients,
    adapter: options.socketAdapter,
    feeds: [unreadPushFeed, noticesPushFeed, chatPushFeed, loyaltyPushFeed, feedbackPushFeed],
    answers,
    operatorToken: options.operatorToken,
  });
  const frameOrigins = new FrameOrigins({ identity: options.clients.identity, games: options.clients.games, logger: options.logger, refreshMs: options.frameOriginsRefreshMs });
  const mirrorOrigins = new MirrorOrigins({ identity: options.clients.identity, logger: options.logger, refreshMs: options.frameOriginsRefreshMs });
  // A page reads its policy once, as it loads: the first page of a brand after a start waits a moment for the brand's
  // lists rather than go out without them (later pages never wait; the lists refresh in the background).
  app.use((req, _res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.accept?.includes('text/html')) return next();
    void Promise.all([frameOrigins.firstAnswer(req, FIRST_LISTS_WAIT_MS), mirrorOrigins.firstAnswer(req, FIRST_LISTS_WAIT_MS)]).then(() => next(), next);
  });
  app.use(securityHeaders({ frameOrigins: (req) => frameOrigins.of(req), connectOrigins: (req) => mirrorOrigins.of(req) }));
  app.use(noStore());
  app.use(compressAnswers(new Set(allUseCases.flatMap((useCase) => (useCase.sharedCacheMs === undefined ? [] : useCase.paths.filter(isStaticPath))))));
  app.use(healthRoutes(options.readiness));
  app.use(apiDocs(allUseCases));
  const edge = { clients: options.clients, cache: options.cache, sessions, requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? 1_200 };
  app.use(
    useCaseRouter(allUseCases, {
      ...edge,
      operatorToken: options.operatorToken,
      answers,
      logger: options.logger,
      requestsPerVendorPer10s: options.vendorRequestsPer10s ?? 6_000,
      vendorSignatureFailuresPer10s: options.vendorSignatureFailuresPer10s,
      edgeOperations: {
        ...gamesEdgeOperations,
        ...houseEdgeOperations,
        ...moneyEdgeOperations,
        ...pointsEdgeOperations,
        ...identityEdgeOperations,
        ...accountEdgeOperations(sessions, (token) => push.endSession(token)),
        ...operatorEdgeOperations(sessions),
        ...sandboxPayEdgeOperations(options.sandboxPaySecret),
        ...contentEdgeOperations,
        ...filesEdgeOperations,
      },
    }),
  );
  // Every unknown API path answers the JSON envelope, never the web app or an HTML page.
  app.all(
    API_PATH_PREFIXES.map((prefix) => `${prefix}{*rest}`),
    () => {
      throw new AppError('NOT_FOUND');
    },
  );
  const webDist = options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    app.use(
      webClient(webDist, {
        // The installed app is named after the brand; a brand identity does not know keeps the build's name.
        brandOf: (req) => options.clients.identity.resolveMerchant(merchantHint(req)).catch(() => undefined),
      }),
    );
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
