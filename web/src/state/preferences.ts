/** The visitor's preferences: the interface language (kept in local storage, spec §3). */
import { useSyncExternalStore } from 'react';
import { useCases } from '../useCases';
import { call } from '../api';
import i18n, { changeLanguage, currentLanguage, type UiLanguage } from '../i18n';
import { getToken } from '../session';

function subscribe(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/** Switches the interface language and remembers it; a signed-in member's choice is also sent to the server (spec §4). */
export function setLanguage(next: UiLanguage): void {
  void changeLanguage(next, true);
  // The interface does not wait for the server.
  if (getToken()) void call(useCases.setMemberLanguage, { language: next }).catch(() => undefined);
}

export function usePreferences() {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return { language, setLanguage };
}
