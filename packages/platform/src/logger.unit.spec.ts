import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, runWithLogContext } from './logger.js';
import { initTracing, withSpan } from './tracing.js';

describe('logger', () => {
  it('carries the service, the trace id and the message id', async () => {
    initTracing({ serviceName: 'logger-test' });
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger({ service: 'wallet', destination: sink });
    await withSpan('work', {}, async () => runWithLogContext({ messageId: 'm-1' }, () => logger.info('handled')));
    expect(lines[0]).toMatchObject({ service: 'wallet', messageId: 'm-1', msg: 'handled' });
    expect(lines[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
