export * from './app.js';
export type { PointsConfig } from './config.js';
