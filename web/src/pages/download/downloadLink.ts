/** The app-download link a QR code carries (spec §9: built from origin, language and token). */

export const DOWNLOAD_PATH = '/download';
export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export interface DownloadLinkParts {
  origin: string;
  language: string;
  /** The session token when signed in, so the phone opens the site signed in too. */
  token: string | null;
  platform: AppPlatform;
}

export function downloadLink({ origin, language, token, platform }: DownloadLinkParts): string {
  const url = new URL(DOWNLOAD_PATH, origin);
  url.searchParams.set('platform', platform);
  url.searchParams.set('language', language);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

export const isAppPlatform = (value: unknown): value is AppPlatform => (APP_PLATFORMS as readonly unknown[]).includes(value);

/** The platform a browser runs on, when it is one of the two the guides cover. */
export function platformOf(userAgent: string, maxTouchPoints = 0): AppPlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  // iPadOS reports itself as a Mac with a touch screen.
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  return null;
}
