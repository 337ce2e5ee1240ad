import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';
import en from './en.json';
import registrationEs from './registration.es.json';
import registrationEn from './registration.en.json';
import loginEs from './login.es.json';
import loginEn from './login.en.json';
import accountEs from './account.es.json';
import accountEn from './account.en.json';
import securityEs from './security.es.json';
import securityEn from './security.en.json';
import lobbyEs from './lobby.es.json';
import lobbyEn from './lobby.en.json';
import houseEs from './house.es.json';
import houseEn from './house.en.json';
import houseLiveEs from './house-live.es.json';
import houseLiveEn from './house-live.en.json';
import housePvpEs from './house-pvp.es.json';
import housePvpEn from './house-pvp.en.json';
import lotteryEs from './lottery.es.json';
import lotteryEn from './lottery.en.json';
import lotteryPlayEs from './lottery-play.es.json';
import lotteryPlayEn from './lottery-play.en.json';
import houseFishEs from './house-fish.es.json';
import houseFishEn from './house-fish.en.json';
import agentEs from './agent.es.json';
import agentEn from './agent.en.json';
import contentEs from './content.es.json';
import contentEn from './content.en.json';
import inboxEs from './inbox.es.json';
import inboxEn from './inbox.en.json';
import chatEs from './chat.es.json';
import chatEn from './chat.en.json';
import feedbackEs from './feedback.es.json';
import feedbackEn from './feedback.en.json';
import layoutEs from './layout.es.json';
import layoutEn from './layout.en.json';
import pointsEs from './points.es.json';
import pointsEn from './points.en.json';
import vipEs from './vip.es.json';
import vipEn from './vip.en.json';
import missionsEs from './missions.es.json';
import missionsEn from './missions.en.json';
import envelopesEs from './envelopes.es.json';
import envelopesEn from './envelopes.en.json';
import rewardsEs from './rewards.es.json';
import rewardsEn from './rewards.en.json';
import promotionsEs from './promotions.es.json';
import promotionsEn from './promotions.en.json';
import referralEs from './referral.es.json';
import referralEn from './referral.en.json';
import raffleEs from './raffle.es.json';
import raffleEn from './raffle.en.json';
import rebateEs from './rebate.es.json';
import rebateEn from './rebate.en.json';
import sportsbookEs from './sportsbook.es.json';
import sportsbookEn from './sportsbook.en.json';
import { readStoredLanguage, storeLanguage } from '../session';

export type UiLanguage = 'ES' | 'EN';
export const UI_LANGUAGES: readonly UiLanguage[] = ['ES', 'EN'];
export const DEFAULT_LANGUAGE: UiLanguage = 'ES';

export function normaliseLanguage(raw: string | null | undefined): UiLanguage | undefined {
  if (!raw) return undefined;
  const code = raw.trim().slice(0, 2).toUpperCase();
  return (UI_LANGUAGES as readonly string[]).includes(code) ? (code as UiLanguage) : undefined;
}

/** The stored choice wins; otherwise ES (the spec's default). */
export const initialLanguage: UiLanguage = normaliseLanguage(readStoredLanguage()) ?? DEFAULT_LANGUAGE;

void i18n.use(initReactI18next).init({
  // One file per area of the client, merged into one namespace.
  resources: {
    ES: {
      translation: {
        ...es,
        ...registrationEs,
        ...loginEs,
        ...accountEs,
        ...securityEs,
        ...lobbyEs,
        ...houseEs,
        ...houseLiveEs,
        ...housePvpEs,
        ...lotteryEs,
        ...lotteryPlayEs,
        ...houseFishEs,
        ...agentEs,
        ...contentEs,
        ...inboxEs,
        ...chatEs,
        ...feedbackEs,
        ...layoutEs,
        ...pointsEs,
        ...vipEs,
        ...missionsEs,
        ...envelopesEs,
        ...rewardsEs,
        ...promotionsEs,
        ...referralEs,
        ...raffleEs,
        ...rebateEs,
        ...sportsbookEs,
      },
    },
    EN: {
      translation: {
        ...en,
        ...registrationEn,
        ...loginEn,
        ...accountEn,
        ...securityEn,
        ...lobbyEn,
        ...houseEn,
        ...houseLiveEn,
        ...housePvpEn,
        ...lotteryEn,
        ...lotteryPlayEn,
        ...houseFishEn,
        ...agentEn,
        ...contentEn,
        ...inboxEn,
        ...chatEn,
        ...feedbackEn,
        ...layoutEn,
        ...pointsEn,
        ...vipEn,
        ...missionsEn,
        ...envelopesEn,
        ...rewardsEn,
        ...promotionsEn,
        ...referralEn,
        ...raffleEn,
        ...rebateEn,
        ...sportsbookEn,
      },
    },
  },
  lng: initialLanguage,
  fallbackLng: 'EN',
  supportedLngs: [...UI_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function currentLanguage(): UiLanguage {
  return normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

export function changeLanguage(language: UiLanguage, persist = true): void {
  if (persist) storeLanguage(language);
  document.documentElement.lang = language.toLowerCase();
  void i18n.changeLanguage(language);
}

document.documentElement.lang = initialLanguage.toLowerCase();

export default i18n;
