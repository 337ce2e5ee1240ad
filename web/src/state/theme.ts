/** The colour theme: light or dark, following the system until the player chooses, the choice kept across visits. */
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();
const systemLight = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null;

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

let chosen: Theme | null = storedTheme();
/**
 * The system's preference, read once and then kept by the query's change events. Reading `matches` again while a change
 * is waiting for the next style update takes the new value without an event (Chromium), so a render at that moment
 * would leave the page in the old theme; the store therefore never reads it after start.
 */
let systemIsLight = systemLight?.matches ?? false;

export function currentTheme(): Theme {
  return chosen ?? (systemIsLight ? 'light' : 'dark');
}

function apply(): void {
  document.documentElement.dataset.theme = currentTheme();
  for (const listener of listeners) listener();
}

/** Sets the page's theme at start and follows the system's while the player has not chosen. */
export function startTheme(): void {
  apply();
  systemLight?.addEventListener('change', (event) => {
    systemIsLight = event.matches;
    if (!chosen) apply();
  });
}

export function setTheme(theme: Theme): void {
  chosen = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
  apply();
}

export function useTheme(): Theme {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentTheme);
}
