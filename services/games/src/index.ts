export * from './app.js';
export type { GamesConfig } from './config.js';
export { walletTransfersPort } from './infra/wallet-port.js';
