import { createRequire } from 'node:module';

interface GeoIpCountryLookup {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoIpCountryLookup | undefined;

/**
 * The visitor's country from the GeoLite2 country data that ships inside the geoip-country package (no download, no
 * service to call). The data (about 8 MB) is read on the first lookup rather than at start-up. Null for private,
 * reserved and unknown addresses.
 */
export function countryOf(ip: string): string | null {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountryLookup;
  try {
    return geoip.lookup(address)?.country ?? null;
  } catch {
    return null;
  }
}
