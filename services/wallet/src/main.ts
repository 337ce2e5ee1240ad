import { runStandalone } from '@wps/platform';
import { walletService } from './app.js';

await runStandalone(walletService);
