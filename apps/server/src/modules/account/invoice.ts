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
    address: [m?.region, m?.address].filter(Boolean).join(' '),
    phone: m?.phone ?? '',
  };
}
