import { initTracing } from '../tracing.js';
import { eventBusContract } from './event-bus.contract.js';
import { InMemoryEventBus } from './memory.js';

// Spans must be recorded for the trace-propagation case: without an exporter the SDK registers no tracer provider,
// so give it one that drops what it is handed.
initTracing({ serviceName: 'contract-test', exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined } });

eventBusContract('memory', async () => new InMemoryEventBus());
