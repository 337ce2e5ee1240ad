import { extractTraceContext, injectTraceContext, withSpan, SpanKind } from '../tracing.js';
import type { DeliveredMessage, OutgoingMessage } from './types.js';
import { runWithLogContext } from '../logger.js';

/** Outgoing messages carry the publisher's trace context unless the outbox already stored the producer's. */
export function withTraceHeaders(message: OutgoingMessage): Record<string, string> {
  const headers = { ...(message.headers ?? {}) };
  if (!headers.traceparent) {
    if (message.value.traceparent) headers.traceparent = message.value.traceparent;
    else injectTraceContext(headers);
  }
  return headers;
}

/** Runs a consumer's handler inside a span that continues the producer's trace. */
export function consumeInSpan(group: string, message: DeliveredMessage, handler: (message: DeliveredMessage) => Promise<void>): Promise<void> {
  const parent = extractTraceContext(message.headers);
  return withSpan(
    `consume ${message.topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent,
      attributes: { 'messaging.destination.name': message.topic, 'messaging.consumer.group.name': group, 'messaging.message.id': message.value.id },
    },
    () => runWithLogContext({ messageId: message.value.id, topic: message.topic }, () => handler(message)),
  );
}

/** Runs a batch handler inside one span that continues the first message's producer trace. */
export function consumeBatchInSpan(group: string, messages: DeliveredMessage[], handler: (messages: DeliveredMessage[]) => Promise<void>): Promise<void> {
  const first = messages[0]!;
  const parent = extractTraceContext(first.headers);
  return withSpan(
    `consume ${first.topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent,
      attributes: {
        'messaging.destination.name': first.topic,
        'messaging.consumer.group.name': group,
        'messaging.batch.message_count': messages.length,
        'messaging.message.id': first.value.id,
      },
    },
    () => runWithLogContext({ messageId: first.value.id, topic: first.topic, batch: String(messages.length) }, () => handler(messages)),
  );
}
