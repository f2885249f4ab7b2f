import { eq } from 'drizzle-orm';
import type { ContractView } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { members } from './schema.js';

export const CONTRACT_VERSION = '2026-01';
const TITLE = '康采医药网药品采购电子合同';
const CONTENT = [
  '甲方（采购方）：在本平台注册并通过资质审核的企业会员',
  '乙方（供货方）：康采医药网运营方',
  '第一条 甲方应具备合法有效的营业执照、药品经营许可证或医疗机构执业许可证，并在经营范围内采购。',
  '第二条 乙方所供药品均来自合法渠道，随货提供同批号检验报告及随货同行单。',
  '第三条 含麻黄碱类复方制剂按国家规定凭采购委托书限量销售，甲方不得将其用于非法用途。',
  '第四条 甲方资质证件到期前应及时上传更新，证件过期期间乙方暂停向甲方销售相应品种。',
  '第五条 货款按订单约定方式结算；质量问题按《药品经营质量管理规范》处理退换货。',
  '第六条 本合同以电子方式签署，签署时间与IP地址由平台记录，与纸质合同具有同等效力。',
].join('\n');

export async function getContract(db: Queryable, memberId: number): Promise<ContractView> {
  const [m] = await db
    .select({ at: members.contractSignedAt, ip: members.contractIp, version: members.contractVersion })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) throw notFound();
  return {
    version: CONTRACT_VERSION,
    title: TITLE,
    content: CONTENT,
    signed: m.at && m.version === CONTRACT_VERSION ? 1 : 0,
    signed_at: m.at ? m.at.toISOString() : null,
    signed_ip: m.ip,
  };
}

/** Records the signature (time and IP) of the current version. */
export async function signContract(
  db: Queryable,
  memberId: number,
  ip: string,
  now: Date,
): Promise<ContractView> {
  await db
    .update(members)
    .set({ contractSignedAt: now, contractIp: ip, contractVersion: CONTRACT_VERSION })
    .where(eq(members.id, memberId));
  return getContract(db, memberId);
}
