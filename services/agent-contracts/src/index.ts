export * from './app.js';
export type { AgentContractsConfig } from './config.js';
