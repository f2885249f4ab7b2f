import type { SiteInfo } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { siteSettings } from './schema.js';

/** Site settings with the values used when the operator has not set them. */
export interface SiteSettings extends SiteInfo {
  quality_inspection_url: string;
  quality_inspection_msg: string;
  /** The account buyers pay by bank transfer (对公转账); empty = transfer not offered. */
  payee_name: string;
  payee_bank: string;
  payee_account: string;
  /** Where returned goods are sent. */
  return_address: string;
  /** The seller's taxpayer number (统一社会信用代码) printed on its e-invoices. */
  tax_no: string;
  /** The name printed as 开票人 on e-invoices. */
  invoice_drawer: string;
}

const DEFAULTS: SiteSettings = {
  title: '康采医药网',
  hot_line: '',
  complaint_line: '',
  service_name: '',
  service_phone: '',
  icp: '',
  pharmacy_licence: '',
  device_licence: '',
  food_licence: '',
  internet_drug_licence: '',
  company: '',
  address: '',
  wechat_qr: '',
  qq1: '',
  qq2: '',
  quality_inspection_url: '',
  quality_inspection_msg: '质检报告请联系您的专属客服索取',
  payee_name: '',
  payee_bank: '',
  payee_account: '',
  return_address: '',
  tax_no: '',
  invoice_drawer: '',
};

export const SETTING_KEYS = Object.keys(DEFAULTS) as (keyof SiteSettings)[];

export async function getSiteSettings(db: Queryable): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const out = { ...DEFAULTS };
  for (const r of rows) if (r.key in out) out[r.key as keyof SiteSettings] = r.value;
  return out;
}

export async function setSiteSettings(db: Queryable, values: Partial<SiteSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (!(SETTING_KEYS as string[]).includes(key) || value === undefined) continue;
    await db
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  }
}
