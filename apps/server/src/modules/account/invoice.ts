import { eq } from 'drizzle-orm';
import type { InvoiceDefaultsView } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { members } from './schema.js';

/** The member's company as the invoice defaults (the unified credit code is the tax number). */
export async function invoiceDefaults(db: Queryable, memberId: number): Promise<InvoiceDefaultsView> {
  const [m] = await db
    .select({
      company: members.company,
      creditCode: members.businessLicenceNo,
      region: members.region,
      address: members.address,
      phone: members.contactPhone,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return {
    title: m?.company ?? '',
    tax_no: m?.creditCode ?? '',
    bank: '',
    account: '',
    address: invoiceAddress(m?.region ?? '', m?.address ?? ''),
    phone: m?.phone ?? '',
  };
}

/**
 * The registered address for an invoice: the street address, preceded by the levels of the
 * region it does not already start with. Registration asks for both, and buyers often type the
 * full address in the second field too: `浙江省 杭州市 西湖区` + `浙江省杭州市西湖区文三路 398 号`
 * is the street address alone, `杭州市西湖区文三路` gains 浙江省, `文三路 398 号` gains all three.
 */
export function invoiceAddress(region: string, address: string): string {
  const parts = region.split(/\s+/).filter(Boolean);
  const street = address.trim();
  if (!street) return parts.join('');
  const start = parts.findIndex((part) => street.startsWith(part));
  return (start === -1 ? parts : parts.slice(0, start)).join('') + street;
}
