/** Socket.IO pushes: every push is `{ v, type, data }`, `v` increasing per member and topic so a client can spot a gap. */
export interface Push<T extends string = string, D = unknown> {
  v: number;
  type: T;
  data: D;
}
export type BalancePush = Push<'balance', { balance: string; currency: string; version: number }>;
export const PUSH_EVENT = 'push';
export const memberRoom = (memberId: string): string => `member:${memberId}`;
export const merchantRoom = (merchantCode: string): string => `merchant:${merchantCode}`;
export interface ServerToClientEvents {
  push: (push: Push) => void;
}
export type ClientToServerEvents = Record<string, never>;
