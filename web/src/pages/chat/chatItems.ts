import type { ChatMessage, ChatSender } from '@wps/contracts';

/** A message as a chat screen shows it: stored (`sent`), on its way, or refused or lost and waiting for a retry. */
export interface ChatItem extends ChatMessage {
  state: 'sent' | 'sending' | 'failed';
  /** Why a failed message was not stored. */
  error?: string;
}

/** A message the screen's own side is sending: it has no id until the server stores it. */
export function pendingItem(from: ChatSender, text: string, clientMessageId: string): ChatItem {
  return { id: '', conversationId: '', from, text, notice: null, operatorName: null, clientMessageId, at: new Date().toISOString(), state: 'sending' };
}

/** A stable key across the pending → stored change of one's own messages. */
export const itemKey = (item: ChatMessage): string => `${item.from}:${item.clientMessageId ?? item.id}`;

const sameMessage = (item: ChatItem, message: ChatMessage): boolean =>
  (item.id !== '' && item.id === message.id) || (item.id === '' && message.clientMessageId !== null && item.from === message.from && item.clientMessageId === message.clientMessageId);

/**
 * Adds stored messages (a page of history, a push, a send's answer) to what is shown: each once, a pending message
 * replaced by its stored self, stored messages in the order they were stored and pending ones after them.
 */
export function mergeMessages(items: readonly ChatItem[], incoming: readonly ChatMessage[]): ChatItem[] {
  const next = [...items];
  for (const message of incoming) {
    const at = next.findIndex((item) => sameMessage(item, message));
    const stored: ChatItem = { ...message, state: 'sent' };
    if (at >= 0) next[at] = stored;
    else next.push(stored);
  }
  const sent = next.filter((item) => item.id !== '').sort((a, b) => Number(a.id) - Number(b.id));
  return [...sent, ...next.filter((item) => item.id === '')];
}

/** Marks one's own pending message as sending again, or as failed with the reason. */
export function withState(items: readonly ChatItem[], clientMessageId: string, state: 'sending' | 'failed', error?: string): ChatItem[] {
  return items.map((item) => (item.id === '' && item.clientMessageId === clientMessageId ? { ...item, state, error } : item));
}
