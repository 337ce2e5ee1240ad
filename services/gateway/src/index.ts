export * from './app.js';
export * from './clients.js';
export * from './config.js';
