import { runStandalone } from '@wps/platform';
import { houseService } from './app.js';

await runStandalone(houseService);
