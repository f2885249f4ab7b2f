import { eq } from 'drizzle-orm';
import { chinaDate, type DocumentType, type OperatorRole, type RegisterCompanyInput } from '@kc/domain';
import type { Db } from '../platform/db.js';
import { createAddress } from '../modules/account/addresses.js';
import { signContract } from '../modules/account/contract.js';
import { uploadDocument } from '../modules/account/documents.js';
import { checkFile } from '../modules/account/uploads.js';
import { saveCompany, submitRegistration } from '../modules/account/registration.js';
import { members, serviceStaff } from '../modules/account/schema.js';
import { createOperator } from '../modules/account/operators.js';
import { approveMember } from '../modules/account/review.js';
import { createMember, createServiceStaff } from '../modules/account/service.js';
import { seedPayPassword } from '../modules/account/pay-security.js';
import { addKxReleases, kxGoodsIds } from '../modules/catalog/service.js';
import { createCouponTemplate, grantCoupon } from '../modules/promotion/service.js';
import { demoLicencePdf } from './accounts-files.js';

/** The payment password (余额支付) of the demo buyers `demo` and `demo_bj`. */
export const DEMO_PAY_PASSWORD = '246810';

export const DEMO_LOGINS = [
  { role: 'member (approved)', username: 'demo', password: 'demo123456' },
  { role: 'member (2nd store)', username: 'demo_bj', password: 'demo123456' },
  { role: 'member (pending review)', username: 'pending', password: 'demo123456' },
  { role: 'operator (admin)', username: 'admin', password: 'admin123456' },
  { role: 'operator (service)', username: 'kefu', password: 'admin123456' },
  { role: 'operator (warehouse)', username: 'cangku', password: 'admin123456' },
  { role: 'operator (finance)', username: 'caiwu', password: 'admin123456' },
] as const;

/** One demo operator per role (packages/domain access.ts), as DEMO_LOGINS lists them. */
const DEMO_OPERATORS: { username: string; name: string; role: OperatorRole }[] = [
  { username: 'admin', name: '平台运营', role: 'admin' },
  { username: 'kefu', name: '李晓梅', role: 'service' },
  { username: 'cangku', name: '仓库管理员', role: 'warehouse' },
  { username: 'caiwu', name: '财务专员', role: 'finance' },
];

const DAY = 86_400_000;

/** Every scope class except 生物制品, so the storefront can show a scope-restricted reason. */
const DEMO_SCOPE: RegisterCompanyInput['scope'] = [
  '化学药制剂',
  '抗生素制剂',
  '中成药',
  '中药饮片',
  '第一类医疗器械',
  '第二类医疗器械',
  '保健食品',
  '消毒产品',
];

async function upload(db: Db, memberId: number, type: DocumentType, number: string, now: Date) {
  const from = chinaDate(new Date(now.getTime() - 30 * DAY));
  const to = chinaDate(new Date(now.getTime() + 365 * DAY));
  await uploadDocument(
    db,
    memberId,
    {
      type,
      number,
      valid_from: from,
      valid_to: to,
      file_name: `${type}.pdf`,
    },
    await checkFile(
      Buffer.from(
        demoLicencePdf([
          'KANGCAI DEMO DOCUMENT - NOT A REAL LICENCE',
          `type: ${type}`,
          `no: ${number}`,
          `valid: ${from} .. ${to}`,
        ]),
        'base64',
      ),
    ),
    now,
  );
}

/** A member registered the way the storefront does it: account, company, documents, submit. */
async function registered(
  db: Db,
  account: { username: string; name: string; phone: string },
  company: RegisterCompanyInput,
  docs: [DocumentType, string][],
  now: Date,
): Promise<number> {
  const id = await createMember(db, { ...account, password: 'demo123456', company: '', status: 'draft' });
  await saveCompany(db, id, company, now);
  for (const [type, no] of docs) await upload(db, id, type, no, now);
  await submitRegistration(db, id, now);
  return id;
}

/**
 * Demo accounts through the services: `demo` (approved pharmacy, documents valid a year, scope
 * without 生物制品, e-contract signed, three coupons, an address), `demo_bj` (a second store of
 * the same mobile), `pending` (a clinic awaiting review) and an operator of each role
 * (`admin` 管理员, `kefu` 客服, `cangku` 仓库, `caiwu` 财务).
 */
export async function seedAccounts(db: Db, now = new Date()): Promise<void> {
  const staffId = await createServiceStaff(db, {
    name: '李晓梅',
    phone: '400-826-5199',
    qq: '800826519',
    isDefault: true,
  });
  const pharmacy = (company: string, address: string): RegisterCompanyInput => ({
    company,
    company_type: '药店',
    contact: '王建国',
    contact_phone: '13800138000',
    region: '浙江省 杭州市 西湖区',
    address,
    business_licence_no: '91330106MA2CFK3X1L',
    drug_licence_no: '浙AA5710362',
    scope: DEMO_SCOPE,
  });
  const demo = await registered(
    db,
    { username: 'demo', name: '王建国', phone: '13800138000' },
    pharmacy('杭州康宁大药房有限公司', '浙江省杭州市西湖区文三路 398 号'),
    [
      ['business_licence', '91330106MA2CFK3X1L'],
      ['drug_licence', '浙AA5710362'],
      ['hm_letter', 'HM-2026-0381'],
    ],
    now,
  );
  await approveMember(db, demo, now);
  await db.update(members).set({ serviceStaffId: staffId, rank: 2 }).where(eq(members.id, demo));
  await signContract(db, demo, '127.0.0.1', now);
  await createAddress(db, demo, {
    consignee: '王建国',
    phone: '13800138000',
    region: '浙江省 杭州市 西湖区',
    address: '文三路 398 号 康宁大药房',
    is_default: 1,
  });

  const store2 = await registered(
    db,
    { username: 'demo_bj', name: '王建国', phone: '13800138000' },
    pharmacy('杭州康宁大药房有限公司滨江店', '浙江省杭州市滨江区江南大道 1088 号'),
    [
      ['business_licence', '91330108MA2H0Q7B5K'],
      ['drug_licence', '浙AA5710877'],
    ],
    now,
  );
  await approveMember(db, store2, now);
  for (const id of [demo, store2]) await seedPayPassword(db, id, DEMO_PAY_PASSWORD);

  await registered(
    db,
    { username: 'pending', name: '陈芳', phone: '13900139000' },
    {
      company: '宁波仁和诊所',
      company_type: '诊所',
      contact: '陈芳',
      contact_phone: '13900139000',
      region: '浙江省 宁波市 海曙区',
      address: '浙江省宁波市海曙区中山西路 88 号',
      business_licence_no: '91330203MA2GU8PL0C',
      drug_licence_no: 'PDY0001433020317',
      scope: ['化学药制剂', '抗生素制剂', '中成药', '第二类医疗器械'],
    },
    [
      ['business_licence', '91330203MA2GU8PL0C'],
      ['medical_institution', 'PDY0001433020317'],
    ],
    now,
  );

  const from = new Date(now.getTime() - DAY);
  const to = new Date(now.getTime() + 60 * DAY);
  const templates = [
    await createCouponTemplate(db, {
      name: '满100减10',
      kind: 'manjian',
      threshold: 10_000,
      amount: 1_000,
      validFrom: from,
      validTo: to,
    }),
    await createCouponTemplate(db, {
      name: '满500享95折',
      kind: 'discount',
      threshold: 50_000,
      rate: 950,
      validFrom: from,
      validTo: to,
    }),
    await createCouponTemplate(db, {
      name: '5元现金券',
      kind: 'cash',
      amount: 500,
      validFrom: from,
      validTo: to,
    }),
  ];
  for (const t of templates) await grantCoupon(db, demo, t, now);

  const operatorIds = new Map<string, number>();
  for (const o of DEMO_OPERATORS)
    operatorIds.set(o.username, await createOperator(db, { ...o, password: 'admin123456' }));
  // The demo pharmacy chats with its 客服 (is_can_chat = 1): the card 李晓梅 is answered by the
  // operator `kefu`. The second store keeps the QQ contacts.
  await db
    .update(serviceStaff)
    .set({ operatorId: operatorIds.get('kefu')! })
    .where(eq(serviceStaff.id, staffId));
  await db.update(members).set({ isCanChat: true }).where(eq(members.id, demo));
}

/**
 * Release rules of the 控销 goods (after the catalogue is seeded): two in three to buyers in
 * 浙江省 (the demo sees them), the rest to hospitals only (the demo does not).
 */
export async function seedKxReleases(db: Db): Promise<void> {
  const ids = await kxGoodsIds(db);
  await addKxReleases(
    db,
    ids.map((goodsId, i) => (i % 3 === 2 ? { goodsId, buyerGroup: '医院' } : { goodsId, region: '浙江省' })),
  );
}
