import type { SystemStatus } from '@wps/contracts';
import type { MerchantDirectory, MerchantRecord } from '../infra/merchants.js';
import { countryOf } from '../infra/geoip.js';
import { ipInRange } from '../domain/ip.js';
import { registerFieldConfig, whitelabelTree } from '../domain/merchant-settings.js';

/** Maintenance counts while it is switched on and its end time, if any, is still ahead. */
export function maintenanceActive(merchant: MerchantRecord, now = Date.now()): boolean {
  const { enabled, endsAt } = merchant.settings.maintenance;
  return enabled && (endsAt === null || Date.parse(endsAt) > now);
}

/** Whether the brand refuses visitors from this address, by address range or by the address's country. */
export function regionRestricted(merchant: MerchantRecord, ip: string, country: string | null): boolean {
  const { blockedIpRanges, blockedCountries } = merchant.settings.regionRestriction;
  return blockedIpRanges.some((range) => ipInRange(ip, range)) || (country !== null && blockedCountries.includes(country));
}

/** The permission call the client makes first: brand configuration plus maintenance and region state. */
export async function getSystemStatus(merchants: MerchantDirectory, input: { merchantCode?: string; host?: string; ip: string }): Promise<SystemStatus> {
  const merchant = await merchants.resolve(input);
  const { settings } = merchant;
  const country = countryOf(input.ip);
  const maintenance = maintenanceActive(merchant);
  const regionRestriction = regionRestricted(merchant, input.ip, country);
  return {
    status: maintenance ? 1 : regionRestriction ? 2 : 0,
    info: {
      customerService: settings.customerService,
      domainRoute: settings.domainRoute,
      resources: settings.resources,
      whitelabel: whitelabelTree(settings.whitelabel),
      register: registerFieldConfig(settings),
      mainDomain: settings.mainDomain,
      analytics: {},
      imageCDNs: settings.imageCDNs,
      launchGameCDNs: settings.launchGameCDNs,
      merchant: {
        code: merchant.code,
        name: merchant.name,
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        defaultLanguage: merchant.defaultLanguage,
        languages: merchant.languages,
        timeZone: merchant.timeZone,
      },
    },
    location: { ip: input.ip, country },
    maintenance,
    maintenanceEnd: maintenance ? settings.maintenance.endsAt : null,
    regionRestriction,
  };
}
