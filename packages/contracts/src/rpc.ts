import { z } from 'zod';

/**
 * Typed calls between services. A contract names each method with zod schemas for its input and output; the same
 * contract drives the in-process transport (embedded mode) and the HTTP transport (cluster mode), and both validate.
 */
export interface RpcMethod<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}
export type RpcContract = Record<string, RpcMethod>;

export type RpcClient<C extends RpcContract> = {
  [K in keyof C]: (input: z.input<C[K]['input']>) => Promise<z.output<C[K]['output']>>;
};
export type RpcHandlers<C extends RpcContract> = {
  [K in keyof C]: (input: z.output<C[K]['input']>) => Promise<z.input<C[K]['output']>>;
};

export const defineRpc = <C extends RpcContract>(contract: C): C => contract;

/** The wire shape of an RPC failure: the service names the error, the edge renders the message. */
export const rpcErrorSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  value: z.unknown().optional(),
  field: z.string().optional(),
});
export type RpcError = z.infer<typeof rpcErrorSchema>;
