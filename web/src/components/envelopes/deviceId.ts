const KEY = 'wps.deviceId';
/** The id of a tab whose storage is refused. */
let memory: string | undefined;

/** This browser's device id for red-envelope claims (one claim per device and window), kept in local storage. */
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    window.localStorage.setItem(KEY, fresh);
    return fresh;
  } catch {
    // Storage refused (private mode): an id for this tab only.
    return (memory ??= crypto.randomUUID());
  }
}
