export * from './app.js';
export { defaultWalletConfig, type WalletConfig } from './config.js';
