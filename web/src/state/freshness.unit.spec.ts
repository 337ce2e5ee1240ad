import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeOptimistically, newerBalance, pushedQuery, readAgainAfterPush, readAgainOnConnect, setPushed, type Pushed } from './freshness';

describe('balance freshness', () => {
  it('keeps the balance on screen when the other one is older', () => {
    const shown = { balance: '10.00', currency: 'MXN', currencySymbol: '$', version: 5 };
    expect(newerBalance(shown, { balance: '8.00', currency: 'MXN', version: 4 })).toBe(shown);
  });

  it('takes a newer balance and carries the currency symbol over', () => {
    const shown = { balance: '10.00', currency: 'MXN', currencySymbol: '$', version: 5 };
    expect(newerBalance(shown, { balance: '12.00', currency: 'MXN', version: 6 })).toEqual({ balance: '12.00', currency: 'MXN', currencySymbol: '$', version: 6 });
    expect(newerBalance(undefined, { balance: '1.00', currency: 'MXN', version: 1 })).toMatchObject({ balance: '1.00', version: 1 });
  });
});

describe('pushed public values', () => {
  afterEach(() => vi.useRealTimers());

  const key = ['winners', 'EN'] as const;

  it('an answer fills the value when no push came', async () => {
    const client = new QueryClient();
    const data = await client.fetchQuery(pushedQuery(key, () => Promise.resolve(['read']), 2_000));
    expect(data).toEqual({ value: ['read'], pushedAt: null });
  });

  it('an answer that left before a push does not replace it', async () => {
    const client = new QueryClient();
    let answer: (value: string[]) => void = () => undefined;
    const pending = client.fetchQuery(pushedQuery(key, () => new Promise<string[]>((resolve) => (answer = resolve)), 2_000));
    setPushed(client, key, ['pushed']);
    answer(['stale']);
    expect((await pending).value).toEqual(['pushed']);
  });

  it('an answer sent within the public cache time after a push may be cached from before it, so the push stays', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const client = new QueryClient();
    setPushed(client, key, ['pushed']);
    vi.setSystemTime(101_500);
    const data = await client.fetchQuery({ ...pushedQuery(key, () => Promise.resolve(['cached']), 2_000), staleTime: 0 });
    expect(data.value).toEqual(['pushed']);
  });

  it('an answer sent after the public cache time replaces the pushed value', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const client = new QueryClient();
    setPushed(client, key, ['pushed']);
    vi.setSystemTime(102_500);
    const data = await client.fetchQuery({ ...pushedQuery(key, () => Promise.resolve(['fresh']), 2_000), staleTime: 0 });
    expect(data).toEqual<Pushed<string[]>>({ value: ['fresh'], pushedAt: null });
  });

  it('after a connect the value is read at once, and again once a public answer cached before the connect has expired', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const client = new QueryClient();
    // The gateway's cache holds the board from before the win (cached at 99_900) for 2 s.
    const readAt: number[] = [];
    const board = () => {
      readAt.push(Date.now());
      return Promise.resolve(Date.now() - 99_900 < 2_000 ? ['before the win'] : ['with the win']);
    };
    const observer = new QueryObserver(client, pushedQuery(key, board, 2_000));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    // The win's push went out before the socket joined the brand's room; the socket connects at 101_000.
    let connect: () => void = () => undefined;
    const stop = readAgainOnConnect((listener) => ((connect = listener), () => undefined), client, key, 2_000);
    vi.setSystemTime(101_000);
    connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData<Pushed<string[]>>(key)!.value).toEqual(['before the win']);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(readAt).toEqual([100_000, 101_000, 103_100]);
    expect(client.getQueryData<Pushed<string[]>>(key)!.value).toEqual(['with the win']);
    stop();
    unsubscribe();
  });

  it('a push that arrives between the two reads is kept', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const client = new QueryClient();
    const observer = new QueryObserver(
      client,
      pushedQuery(key, () => Promise.resolve(['cached']), 2_000),
    );
    const unsubscribe = observer.subscribe(() => undefined);
    let connect: () => void = () => undefined;
    const stop = readAgainOnConnect((listener) => ((connect = listener), () => undefined), client, key, 2_000);
    connect();
    await vi.advanceTimersByTimeAsync(1_000);
    setPushed(client, key, ['pushed']);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(client.getQueryData<Pushed<string[]>>(key)!.value).toEqual(['pushed']);
    stop();
    unsubscribe();
  });

  it('a push without the reader’s language reads the value again, and again once the cached answer has expired', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const client = new QueryClient();
    const frKey = ['winners', 'FR'] as const;
    // The gateway cached the French board at 99_500, before the win the push announces at 100_000.
    const readAt: number[] = [];
    const board = () => {
      readAt.push(Date.now());
      return Promise.resolve(Date.now() - 99_500 < 2_000 ? ['avant'] : ['après']);
    };
    const observer = new QueryObserver(client, pushedQuery(frKey, board, 2_000));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const cancel = readAgainAfterPush(client, frKey, 2_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData<Pushed<string[]>>(frKey)!.value).toEqual(['avant']);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(readAt).toEqual([100_000, 100_000, 102_100]);
    expect(client.getQueryData<Pushed<string[]>>(frKey)!.value).toEqual(['après']);
    // Cancelled before its time, the second read does not happen.
    readAgainAfterPush(client, frKey, 2_000)();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(readAt).toHaveLength(4);
    cancel();
    unsubscribe();
  });
});

describe('optimistic changes', () => {
  const key = ['favouriteIds', 'token'] as const;

  /** A server whose reads answer only when the test lets them, with the list as it was when the read left. */
  function slowServer(initial: string[]) {
    let stored = [...initial];
    const reads: { answer: () => void }[] = [];
    return {
      set: (ids: string[]) => (stored = [...ids]),
      read: () =>
        new Promise<string[]>((resolve) => {
          const snapshot = [...stored];
          reads.push({ answer: () => resolve(snapshot) });
        }),
      answerAll: () => reads.splice(0).forEach((read) => read.answer()),
      get readCount() {
        return reads.length;
      },
    };
  }

  it('a read that left before a change does not overwrite it, and the key is read again once the change settles', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const server = slowServer(['7']);
    const observer = new QueryObserver<string[]>(client, { queryKey: key, queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(server.readCount).toBe(1);

    const change = changeOptimistically<string[]>(client, key, (now = []) => [...now, '9']);
    expect(client.getQueryData(key)).toEqual(['9']);
    server.set(['7', '9']);
    server.answerAll();
    await Promise.resolve();
    expect(client.getQueryData(key)).toEqual(['9']);

    change.settle();
    await vi.waitFor(() => expect(server.readCount).toBe(1));
    server.answerAll();
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(['7', '9']));
    unsubscribe();
  });

  it('the key is read again only after the last of several changes settles, and not at all when no read was cut short', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const server = slowServer([]);
    client.setQueryData(key, []);
    const observer = new QueryObserver<string[]>(client, { queryKey: key, queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(server.readCount).toBe(0);

    const quiet = changeOptimistically<string[]>(client, key, (now = []) => [...now, '1']);
    quiet.settle();
    await Promise.resolve();
    expect(server.readCount).toBe(0);

    void client.refetchQueries({ queryKey: key });
    expect(server.readCount).toBe(1);
    const first = changeOptimistically<string[]>(client, key, (now = []) => now.filter((id) => id !== '1'));
    const second = changeOptimistically<string[]>(client, key, (now = []) => [...now, '2']);
    expect(client.getQueryData(key)).toEqual(['2']);
    server.answerAll();
    first.settle();
    first.settle();
    await Promise.resolve();
    expect(server.readCount).toBe(0);
    second.settle();
    await vi.waitFor(() => expect(server.readCount).toBe(1));
    unsubscribe();
  });
});
