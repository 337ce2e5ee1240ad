import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A media query list that behaves as Chromium's does: a system change is evaluated at the next style update, and fires
 * `change` only if `matches` still holds the old value then. Reading `matches` before that takes the new value, and the
 * event never comes.
 */
class SystemScheme {
  light = true;
  private reported = true;
  private readonly listeners = new Set<(event: { matches: boolean }) => void>();
  readonly list = {
    get matches(): boolean {
      return scheme.read();
    },
    addEventListener: (_type: 'change', listener: (event: { matches: boolean }) => void) => this.listeners.add(listener),
  };
  read(): boolean {
    this.reported = this.light;
    return this.reported;
  }
  /** The next style update after the system changed. */
  styleUpdate(): void {
    if (this.reported === this.light) return;
    this.reported = this.light;
    for (const listener of this.listeners) listener({ matches: this.light });
  }
}

let scheme: SystemScheme;
const root = { dataset: {} as Record<string, string> };

beforeEach(() => {
  vi.resetModules();
  scheme = new SystemScheme();
  vi.stubGlobal('matchMedia', () => scheme.list);
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  vi.stubGlobal('document', { documentElement: root });
});

afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows a system change even when the page renders between the change and the next style update', async () => {
    const theme = await import('./theme');
    theme.startTheme();
    expect(root.dataset.theme).toBe('light');
    scheme.light = false;
    // A render reads the theme while the change is still waiting.
    expect(theme.currentTheme()).toBe('light');
    scheme.styleUpdate();
    expect(root.dataset.theme).toBe('dark');
    expect(theme.currentTheme()).toBe('dark');
  });

  it('keeps the player’s choice when the system changes', async () => {
    const theme = await import('./theme');
    theme.startTheme();
    theme.setTheme('dark');
    scheme.light = true;
    scheme.styleUpdate();
    scheme.light = false;
    scheme.styleUpdate();
    scheme.light = true;
    scheme.styleUpdate();
    expect(root.dataset.theme).toBe('dark');
  });
});
