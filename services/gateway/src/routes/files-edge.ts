import type { EdgeOperation } from '../use-cases.js';

/** The files calls the gateway carries out itself. */
export const filesEdgeOperations: Record<string, EdgeOperation> = {};
