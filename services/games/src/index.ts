export * from './app.js';
export type { GamesConfig } from './config.js';
