import { runStandalone } from '@wps/platform';
import { gamesService } from './app.js';

await runStandalone(gamesService);
