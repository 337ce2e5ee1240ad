import { runStandalone } from '@wps/platform';
import { agentContractsService } from './app.js';

await runStandalone(agentContractsService);
