import { and, count, desc, eq, ne } from 'drizzle-orm';
import { MAX_ADDRESSES, type AddressInput, type AddressView } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { memberAddresses } from './schema.js';

type Row = typeof memberAddresses.$inferSelect;
const view = (r: Row): AddressView => ({
  id: r.id,
  consignee: r.consignee,
  phone: r.phone,
  region: r.region,
  address: r.address,
  is_default: r.isDefault ? 1 : 0,
});
const own = (memberId: number, id: number) =>
  and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId));

export async function listAddresses(db: Queryable, memberId: number): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.id));
  return rows.map(view);
}

async function clearDefault(tx: Queryable, memberId: number, except: number) {
  await tx
    .update(memberAddresses)
    .set({ isDefault: false })
    .where(and(eq(memberAddresses.memberId, memberId), ne(memberAddresses.id, except)));
}

/** Creates an address; the first one, or one marked default, becomes the only default. */
export async function createAddress(db: Db, memberId: number, a: AddressInput): Promise<AddressView> {
  return db.transaction(async (tx) => {
    const [n] = await tx
      .select({ n: count() })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId));
    const existing = n?.n ?? 0;
    if (existing >= MAX_ADDRESSES) throw business(`最多保存${MAX_ADDRESSES}个收货地址`);
    const isDefault = existing === 0 || a.is_default === 1;
    const [row] = await tx
      .insert(memberAddresses)
      .values({
        memberId,
        consignee: a.consignee,
        phone: a.phone,
        region: a.region,
        address: a.address,
        isDefault,
      })
      .returning();
    if (isDefault) await clearDefault(tx, memberId, row!.id);
    return view(row!);
  });
}

export async function updateAddress(
  db: Db,
  memberId: number,
  id: number,
  a: AddressInput,
): Promise<AddressView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberAddresses)
      .set({ consignee: a.consignee, phone: a.phone, region: a.region, address: a.address })
      .where(own(memberId, id))
      .returning();
    if (!row) throw notFound('收货地址不存在');
    if (a.is_default === 1 && !row.isDefault) return setDefaultIn(tx, memberId, id);
    return view(row);
  });
}

async function setDefaultIn(tx: Queryable, memberId: number, id: number): Promise<AddressView> {
  const [row] = await tx
    .update(memberAddresses)
    .set({ isDefault: true })
    .where(own(memberId, id))
    .returning();
  if (!row) throw notFound('收货地址不存在');
  await clearDefault(tx, memberId, id);
  return view(row);
}

export function setDefaultAddress(db: Db, memberId: number, id: number): Promise<AddressView> {
  return db.transaction((tx) => setDefaultIn(tx, memberId, id));
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, memberId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(memberAddresses).where(own(memberId, id)).returning();
    if (!gone) throw notFound('收货地址不存在');
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: memberAddresses.id })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(desc(memberAddresses.id))
      .limit(1);
    if (next)
      await tx.update(memberAddresses).set({ isDefault: true }).where(eq(memberAddresses.id, next.id));
  });
}
