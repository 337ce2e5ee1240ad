import type { EdgeOperation } from '../use-cases.js';

/** The content calls the gateway carries out itself. */
export const contentEdgeOperations: Record<string, EdgeOperation> = {};
