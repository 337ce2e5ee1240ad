export * from './app.js';
export type { NoticesConfig } from './config.js';
