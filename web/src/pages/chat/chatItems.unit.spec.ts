import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@wps/contracts';
import { itemKey, mergeMessages, pendingItem, withState } from './chatItems';

const stored = (id: number, from: ChatMessage['from'], text: string, clientMessageId: string | null = null): ChatMessage => ({
  id: String(id),
  conversationId: '7',
  from,
  text,
  notice: null,
  operatorName: from === 'operator' ? 'Ana' : null,
  clientMessageId,
  at: new Date(1_700_000_000_000 + id * 1_000).toISOString(),
});

describe('chat items', () => {
  it('orders stored messages by id, whichever way they arrive, and shows each once', () => {
    const page = [stored(10, 'member', 'hola', 'a1'), stored(11, 'operator', 'hola, ¿en qué te ayudo?')];
    const merged = mergeMessages(mergeMessages([], [stored(12, 'member', 'un retiro', 'a2')]), page);
    expect(merged.map((item) => item.id)).toEqual(['10', '11', '12']);
    expect(mergeMessages(merged, [stored(11, 'operator', 'hola, ¿en qué te ayudo?'), stored(100, 'system', '')]).map((item) => item.id)).toEqual(['10', '11', '12', '100']);
  });

  it('replaces a pending message with its stored self, keeping its key, and keeps other pending ones last', () => {
    const pending = [pendingItem('member', 'primero', 'c1'), pendingItem('member', 'segundo', 'c2')];
    const shown = mergeMessages(pending, [stored(5, 'operator', 'respuesta')]);
    expect(shown.map((item) => item.text)).toEqual(['respuesta', 'primero', 'segundo']);
    const key = itemKey(shown[1]!);
    const after = mergeMessages(shown, [stored(6, 'member', 'primero', 'c1')]);
    expect(after.map((item) => [item.text, item.state])).toEqual([
      ['respuesta', 'sent'],
      ['primero', 'sent'],
      ['segundo', 'sending'],
    ]);
    expect(itemKey(after[1]!)).toBe(key);
  });

  it('does not take another side’s message for one’s own pending one', () => {
    const shown = mergeMessages([pendingItem('operator', 'hola', 'same-id')], [stored(3, 'member', 'hola', 'same-id')]);
    expect(shown.map((item) => [item.from, item.state])).toEqual([
      ['member', 'sent'],
      ['operator', 'sending'],
    ]);
  });

  it('marks a pending message failed with its reason, and sending again', () => {
    const failed = withState([pendingItem('member', 'hola', 'c1')], 'c1', 'failed', 'Network link is abnormal');
    expect(failed[0]).toMatchObject({ state: 'failed', error: 'Network link is abnormal' });
    expect(withState(failed, 'c1', 'sending')[0]).toMatchObject({ state: 'sending', error: undefined });
    expect(withState(failed, 'other', 'sending')).toEqual(failed);
  });
});
