import { type ChatMessage, type RouteRequest, type RouteResponse, type UseCaseResponse, type UseCases, type UseCaseRoute } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call, request } from '../../api';

export type ChatHistory = UseCaseResponse<UseCases['chatHistory']>;
export type ChatQueue = UseCaseResponse<UseCases['operatorChatQueue']>;
export type ChatThread = UseCaseResponse<UseCases['operatorChatMessages']>;
export type { ChatMessage, Conversation } from '@wps/contracts';

/** Messages shown per page of a history. */
export const CHAT_PAGE_SIZE = 50;

/** The member's side of the support chat. */
export const chatApi = {
  history: (pageNo: number) => call(useCases.chatHistory, { pageNo, pageSize: CHAT_PAGE_SIZE }),
  send: (text: string, clientMessageId: string): Promise<ChatMessage> => call(useCases.sendChatMessage, { text, clientMessageId }),
  markRead: () => call(useCases.markChatRead, {}),
};

/** Who is at the support desk: the operator API token, and the name members see on the answers. */
export interface DeskCredentials {
  token: string;
  name: string;
}

/** Calls an operator use case with the operator token (`Authorization: Operator …`) and the operator's name. */
function operatorCall<R extends UseCaseRoute>(useCase: R, input: RouteRequest<R>, credentials: DeskCredentials): Promise<RouteResponse<R>> {
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = useCase.paths[0].replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  });
  const headers: Record<string, string> = { Authorization: `Operator ${credentials.token}` };
  if (credentials.name) headers['X-Operator'] = credentials.name;
  if (useCase.method !== 'GET') return request(useCase.method, path, { headers, body: fields });
  const query = new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : []))).toString();
  return request(useCase.method, query ? `${path}?${query}` : path, { headers });
}

/** The operators' side: the queue, one conversation, answering, reading and closing. */
export const deskApi = {
  queue: (credentials: DeskCredentials, status?: 'open' | 'closed') => operatorCall(useCases.operatorChatQueue, { pageNo: 1, pageSize: 100, status }, credentials),
  thread: (credentials: DeskCredentials, conversationId: string, pageNo = 1) => operatorCall(useCases.operatorChatMessages, { conversationId, pageNo, pageSize: CHAT_PAGE_SIZE }, credentials),
  reply: (credentials: DeskCredentials, conversationId: string, text: string, clientMessageId: string) =>
    operatorCall(useCases.operatorChatReply, { conversationId, text, clientMessageId }, credentials),
  read: (credentials: DeskCredentials, conversationId: string) => operatorCall(useCases.operatorChatRead, { conversationId }, credentials),
  close: (credentials: DeskCredentials, conversationId: string) => operatorCall(useCases.operatorCloseChat, { conversationId }, credentials),
};
