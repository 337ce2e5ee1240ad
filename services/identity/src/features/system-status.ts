import type { SystemStatus } from '@wps/contracts';
import type { MerchantDirectory } from '../infra/merchants.js';
import { ipInRange } from '../domain/ip.js';
import { registerFieldConfig, whitelabelTree } from '../domain/merchant-settings.js';

/** The permission call the client makes first: brand configuration plus maintenance and region state. */
export async function getSystemStatus(merchants: MerchantDirectory, input: { merchantCode?: string; host?: string; ip: string }): Promise<SystemStatus> {
  const merchant = await merchants.resolve(input);
  const { settings } = merchant;
  const maintenanceOver = settings.maintenance.endsAt !== null && Date.parse(settings.maintenance.endsAt) <= Date.now();
  const maintenance = settings.maintenance.enabled && !maintenanceOver;
  const regionRestriction = settings.regionRestriction.blockedIpRanges.some((range) => ipInRange(input.ip, range));
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
    location: { ip: input.ip },
    maintenance,
    maintenanceEnd: maintenance ? settings.maintenance.endsAt : null,
    regionRestriction,
  };
}
