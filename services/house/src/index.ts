export * from './app.js';
export type { HouseConfig } from './config.js';
export { HouseWallet } from './wallet-client.js';
