import { useSyncExternalStore } from 'react';

/** A small piece of client state outside React: read it, change it, and hear about changes. */
export interface Store<T extends object> {
  get: () => T;
  /** Merges `change` (or what it returns for the current state) into the state and tells every listener. */
  set: (change: Partial<T> | ((state: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      const patch = typeof change === 'function' ? change(state) : change;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** One value of a store; the component renders again only when that value changes. `select` must not build new objects. */
export function useStoreValue<T extends object, V>(store: Store<T>, select: (state: T) => V): V {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
