import { initTracing } from '../tracing.js';
import { eventBusContract } from './event-bus.contract.js';
import { InMemoryEventBus } from './memory.js';

initTracing({ serviceName: 'contract-test' });

eventBusContract('memory', async () => new InMemoryEventBus());
