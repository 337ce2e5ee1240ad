import { AppError } from '@wps/platform';
import type { MerchantSettingsUpdate, MerchantSettingsView, RegisterFieldConfig, WhitelabelNode } from '@wps/contracts';
import { applySettingsUpdate, registerFieldConfig, settingsView, whitelabelTree } from '../domain/merchant-settings.js';
import { updateMerchantSettings } from '../infra/merchants.js';
import type { IdentityDeps } from '../deps.js';

type BrandHint = { merchantCode?: string; host?: string };

/** Brand configuration: what the client reads before it draws (flags, register form, domains) and what an operator changes. */
export class BrandConfiguration {
  constructor(private readonly deps: IdentityDeps) {}

  async whitelabel(hint: BrandHint): Promise<WhitelabelNode[]> {
    return whitelabelTree((await this.deps.merchants.resolve(hint)).settings.whitelabel);
  }

  async registerSettings(hint: BrandHint): Promise<Record<string, RegisterFieldConfig>> {
    return registerFieldConfig((await this.deps.merchants.resolve(hint)).settings);
  }

  async domainRoute(hint: BrandHint): Promise<string[]> {
    return (await this.deps.merchants.resolve(hint)).settings.domainRoute;
  }

  async operatorSettings(merchantCode: string): Promise<MerchantSettingsView> {
    const merchant = await this.deps.merchants.byCode(merchantCode);
    return settingsView(merchant.code, merchant.settings);
  }

  async operatorUpdate(input: { merchantCode: string; update: MerchantSettingsUpdate; operator: string }): Promise<MerchantSettingsView> {
    const current = await this.deps.merchants.byCode(input.merchantCode);
    if (!Object.values(input.update).some((part) => part !== undefined)) throw new AppError('VALIDATION_FAILED');
    const settings = await this.deps.db.transaction((tx) => updateMerchantSettings(tx, current.code, (stored) => applySettingsUpdate(stored, input.update)));
    // Other identity processes see the change when their few-second cache runs out.
    this.deps.merchants.invalidate();
    this.deps.logger.info({ merchantCode: current.code, operator: input.operator, parts: Object.keys(input.update) }, 'brand settings changed');
    return settingsView(current.code, settings);
  }
}
