import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';

let sdk: NodeSDK | undefined;

const discardingProcessor: SpanProcessor = {
  onStart: () => undefined,
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * Starts the OpenTelemetry SDK once per process. Spans are always created (so trace ids reach the logs and cross
 * HTTP and Kafka); they are exported only when an OTLP endpoint is configured or an exporter is passed in.
 */
export function initTracing(options: { serviceName: string; otlpEndpoint?: string; exporter?: SpanExporter }): void {
  if (sdk) return;
  const exporter = options.exporter ?? (options.otlpEndpoint ? new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }) : undefined);
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Without an exporter the SDK would register no tracer provider at all, and spans would carry no ids; a processor
    // that drops finished spans keeps trace ids in logs and in propagated headers.
    ...(exporter ? { traceExporter: exporter } : { spanProcessors: [discardingProcessor] }),
    instrumentations: [],
  });
  sdk.start();
}

export async function shutdownTracing(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}

const tracer = () => trace.getTracer('wps');

export function currentTraceId(): string | undefined {
  const span = trace.getSpan(context.active());
  const id = span?.spanContext().traceId;
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}

/** Writes W3C trace context (traceparent) of the active span into a carrier of string headers. */
export function injectTraceContext(carrier: Record<string, string> = {}): Record<string, string> {
  propagation.inject(context.active(), carrier);
  return carrier;
}

export function extractTraceContext(carrier: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(context.active(), carrier);
}

export async function withSpan<T>(name: string, options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> }, fn: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
