import { runStandalone } from '@wps/platform';
import { noticesService } from './app.js';

await runStandalone(noticesService);
