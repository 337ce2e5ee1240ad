import { runStandalone } from '@wps/platform';
import { pointsService } from './app.js';

await runStandalone(pointsService);
