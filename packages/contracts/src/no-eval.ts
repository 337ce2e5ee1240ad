import { z } from 'zod';

/**
 * Imported first by the web client, before any schema is built: zod then parses without compiling its object parsers
 * with `new Function`, and never probes whether it may. The site's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses that probe, and the browser reports it as a violation on every page that loads the client.
 * The services do not import this and keep the compiled parsers.
 */
z.config({ jitless: true });
