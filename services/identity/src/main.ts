import { runStandalone } from '@wps/platform';
import { identityService } from './app.js';

await runStandalone(identityService);
