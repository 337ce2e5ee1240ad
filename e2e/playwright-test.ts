/**
 * What the browser suite's '@playwright/test' resolves to (the alias in e2e/tsconfig.json): Playwright's module with
 * the suite's `test` from support.ts, whose guard fails a test on any Content-Security-Policy violation. Every spec
 * gets the guard by importing Playwright as usual.
 */
export * from 'playwright/test';
export { test } from './support';
