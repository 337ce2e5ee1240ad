import { initTracing } from '../tracing.js';
import { eventBusContract } from './event-bus.contract.js';
import { KafkaEventBus } from './kafka.js';

// Spans must be recorded for the trace-propagation case: without an exporter the SDK registers no tracer provider,
// so give it one that drops what it is handed.
initTracing({ serviceName: 'contract-test', exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined } });

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) {
  throw new Error('KAFKA_BROKERS is not set: start the cluster with `bash infra/start.sh` and run with KAFKA_BROKERS=127.0.0.1:59092 (see infra/.state/env)');
}

eventBusContract(
  'kafka',
  async () => {
    const bus = new KafkaEventBus({
      brokers: brokers
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
      clientId: 'contract-test',
    });
    await bus.connect();
    return bus;
  },
  { timeoutMs: 20_000 },
);
