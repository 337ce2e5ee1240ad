import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { Merchant } from '@wps/contracts';
import { merchantSettingsSchema, type MerchantSettings } from '../domain/merchant-settings.js';

export interface MerchantRecord extends Merchant {
  hosts: string[];
  settings: MerchantSettings;
}

interface MerchantRow {
  code: string;
  name: string;
  hosts: string[];
  default_language: string;
  languages: string[];
  currency: string;
  currency_symbol: string;
  time_zone: string;
  is_default: boolean;
  settings: unknown;
}

const toRecord = (row: MerchantRow): MerchantRecord => ({
  code: row.code,
  name: row.name,
  hosts: row.hosts,
  defaultLanguage: row.default_language,
  languages: row.languages,
  currency: row.currency,
  currencySymbol: row.currency_symbol || '$',
  timeZone: row.time_zone,
  settings: merchantSettingsSchema.parse(typeof row.settings === 'string' ? JSON.parse(row.settings) : (row.settings ?? {})),
});

/**
 * Brands change rarely and are read on every call, so they are kept in memory for a few seconds. The brand comes from
 * the merchant code when given, else from the host name, else the deployment's default brand.
 */
export class MerchantDirectory {
  private cache: { at: number; list: MerchantRecord[] } | undefined;
  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 5_000,
  ) {}

  private async all(): Promise<MerchantRecord[]> {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.list;
    const list = (await rows<MerchantRow>(this.db, sql`SELECT * FROM identity.merchants ORDER BY is_default DESC, code`)).map(toRecord);
    this.cache = { at: Date.now(), list };
    return list;
  }

  invalidate(): void {
    this.cache = undefined;
  }

  async resolve(options: { merchantCode?: string; host?: string }): Promise<MerchantRecord> {
    const list = await this.all();
    if (options.merchantCode) {
      const byCode = list.find((merchant) => merchant.code === options.merchantCode);
      if (!byCode) throw new AppError('MERCHANT_NOT_FOUND');
      return byCode;
    }
    const host = options.host?.split(':')[0]?.toLowerCase();
    const byHost = host ? list.find((merchant) => merchant.hosts.includes(host)) : undefined;
    const chosen = byHost ?? list[0];
    if (!chosen) throw new AppError('MERCHANT_NOT_FOUND');
    return chosen;
  }

  async byCode(code: string): Promise<MerchantRecord> {
    return this.resolve({ merchantCode: code });
  }
}

/** Reads a brand's stored settings under a row lock, lets `change` compute the next ones, and writes them. */
export async function updateMerchantSettings(tx: Executor, merchantCode: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<MerchantSettings> {
  const [row] = await rows<{ settings: unknown }>(tx, sql`SELECT settings FROM identity.merchants WHERE code = ${merchantCode} FOR UPDATE`);
  if (!row) throw new AppError('MERCHANT_NOT_FOUND');
  const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : (row.settings ?? {})) as Record<string, unknown>;
  const next = change(stored);
  await tx.execute(sql`UPDATE identity.merchants SET settings = ${JSON.stringify(next)}::jsonb WHERE code = ${merchantCode}`);
  return merchantSettingsSchema.parse(next);
}

export async function upsertMerchant(db: Executor, merchant: Merchant & { hosts?: string[]; isDefault?: boolean; settings?: Record<string, unknown> }): Promise<void> {
  await db.execute(sql`
    INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, is_default, settings)
    VALUES (${merchant.code}, ${merchant.name}, ${`{${(merchant.hosts ?? []).join(',')}}`}::text[], ${merchant.defaultLanguage},
            ${`{${merchant.languages.join(',')}}`}::text[], ${merchant.currency}, ${merchant.currencySymbol}, ${merchant.timeZone},
            ${merchant.isDefault ?? false}, ${JSON.stringify(merchant.settings ?? {})}::jsonb)
    ON CONFLICT (code) DO NOTHING`);
}
