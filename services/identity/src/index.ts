export * from './app.js';
export { defaultIdentityConfig, type IdentityConfig } from './config.js';
export { DEMO_AGENT, DEMO_MERCHANT_CODE, DEMO_PLAYER } from './infra/seed.js';
