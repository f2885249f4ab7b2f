/**
 * Buyer compliance rules (GSP) as pure functions: each takes the facts it needs and returns a
 * PurchaseBlock (Chinese reason + what would unlock it) or null. `purchaseBlockFor` chains
 * them in the order a buyer should fix things. The server gathers the facts in bulk.
 */
import { listingBan } from './catalog.js';
import type { PurchaseBlock } from './compliance.js';
import type { DocumentStatus, DocumentType, MemberStatusName } from './registration.js';
import { DOCUMENT_TYPES } from './registration.js';

export interface BuyerDocumentFact {
  type: DocumentType;
  status: DocumentStatus;
  /** Last valid day, YYYY-MM-DD (valid through that day). */
  validTo: string;
}

export interface BuyerFacts {
  status: MemberStatusName;
  companyType: string;
  region: string;
  scope: readonly string[];
  documents: readonly BuyerDocumentFact[];
}

export interface GoodsFacts {
  name: string;
  scopeClass: string;
  /** Texts checked against the online-sale ban list (name, category names…). */
  banTexts: readonly string[];
  isHm: boolean;
  /** Per-order quantity limit of a 含麻 goods. */
  hmLimit: number;
  isKx: boolean;
  /** Whether a release rule covers this buyer (see `kxReleased`). */
  kxReleased: boolean;
}

/** Default per-order limit of 含麻 goods when the goods sets none. */
export const HM_ORDER_LIMIT_DEFAULT = 20;

const ZZZJ = '/zzzj';

/** The licences a company type must hold (valid and approved) to buy. */
export function requiredDocuments(companyType: string): DocumentType[] {
  return companyType === '诊所' || companyType === '医院'
    ? ['business_licence', 'medical_institution']
    : ['business_licence', 'drug_licence'];
}

/** True when an approved document of this type is valid on `today` (YYYY-MM-DD). */
export function hasValidDocument(
  docs: readonly BuyerDocumentFact[],
  type: DocumentType,
  today: string,
): boolean {
  return docs.some((d) => d.type === type && d.status === 'approved' && d.validTo >= today);
}

/** Visitors cannot buy: log in first. */
export function visitorBlock(buyer: BuyerFacts | null): PurchaseBlock | null {
  return buyer
    ? null
    : { rule: 'visitor', reason: '请先登录后再购买', unlock: '登录已通过资质审核的企业账号', link: '/login' };
}

/** An account whose qualifications are not approved cannot buy. */
export function approvalBlock(buyer: BuyerFacts): PurchaseBlock | null {
  if (buyer.status === 'approved') return null;
  const reason =
    buyer.status === 'rejected'
      ? '您的资质审核未通过，暂不能购买'
      : buyer.status === 'pending'
        ? '您的资质正在审核中，审核通过后即可购买'
        : '您尚未提交资质，审核通过后即可购买';
  return { rule: 'not_approved', reason, unlock: '提交营业执照、药品经营许可证等资质并通过审核', link: ZZZJ };
}

/** An expired (or missing) required licence blocks until a renewed one is approved. */
export function licenceBlock(buyer: BuyerFacts, today: string): PurchaseBlock | null {
  for (const type of requiredDocuments(buyer.companyType)) {
    if (hasValidDocument(buyer.documents, type, today)) continue;
    const name = DOCUMENT_TYPES[type];
    const pending = buyer.documents.some((d) => d.type === type && d.status === 'pending');
    return {
      rule: 'licence_expired',
      reason: pending ? `您的${name}已过期，新证件正在审核中` : `您的${name}已过期或缺失，暂不能购买`,
      unlock: `上传有效的${name}并通过审核`,
      link: ZZZJ,
    };
  }
  return null;
}

/** Goods outside the buyer's business scope (经营范围) cannot be bought. */
export function scopeBlock(buyer: BuyerFacts, goods: GoodsFacts): PurchaseBlock | null {
  if (buyer.scope.includes(goods.scopeClass)) return null;
  return {
    rule: 'scope',
    reason: `您的经营范围不包含“${goods.scopeClass}”，暂不能购买`,
    unlock: `经营范围含“${goods.scopeClass}”的${DOCUMENT_TYPES.drug_licence}（或相应许可证），由客服更新经营范围`,
    link: ZZZJ,
  };
}

/** 含麻 goods need an authorisation letter on file and respect the per-order limit. */
export function hmBlock(
  buyer: BuyerFacts,
  goods: GoodsFacts,
  quantity: number,
  today: string,
): PurchaseBlock | null {
  if (!goods.isHm) return null;
  if (!hasValidDocument(buyer.documents, 'hm_letter', today)) {
    return {
      rule: 'hm_letter',
      reason: '含麻黄碱类复方制剂需备案有效的采购委托书后方可购买',
      unlock: `上传${DOCUMENT_TYPES.hm_letter}并通过审核`,
      link: ZZZJ,
    };
  }
  const limit = goods.hmLimit > 0 ? goods.hmLimit : HM_ORDER_LIMIT_DEFAULT;
  if (quantity > limit) {
    return {
      rule: 'hm_limit',
      reason: `含麻药品每单限购${limit}件`,
      unlock: `将数量减至${limit}件以内`,
      link: '',
    };
  }
  return null;
}

/** A release rule of a 控销 goods: '' in a field means any. */
export interface KxRelease {
  buyerGroup: string;
  region: string;
}

/** True when one of the goods' release rules covers the buyer (group = company type, region prefix). */
export function kxReleased(
  rules: readonly KxRelease[],
  buyer: Pick<BuyerFacts, 'companyType' | 'region'>,
): boolean {
  return rules.some(
    (r) => (r.buyerGroup === '' || r.buyerGroup === buyer.companyType) && buyer.region.startsWith(r.region),
  );
}

/** 控销 goods are sold only to the buyer groups or regions they are released to. */
export function kxBlock(goods: GoodsFacts): PurchaseBlock | null {
  if (!goods.isKx || goods.kxReleased) return null;
  return {
    rule: 'kx_not_released',
    reason: '该商品为控销品种，未对您所在的地区或客户类型开放',
    unlock: '联系专属客服申请控销授权',
    link: '',
  };
}

/** Categories banned from online sale can never be sold (safety net: they are never listed). */
export function bannedBlock(goods: GoodsFacts): PurchaseBlock | null {
  const ban = listingBan(goods.banTexts);
  return ban ? { rule: 'banned', reason: ban.message, unlock: '', link: '' } : null;
}

/** The first rule that blocks this buyer from buying `quantity` of the goods, or null. */
export function purchaseBlockFor(
  buyer: BuyerFacts | null,
  goods: GoodsFacts,
  quantity: number,
  today: string,
): PurchaseBlock | null {
  return (
    bannedBlock(goods) ??
    visitorBlock(buyer) ??
    (buyer &&
      (approvalBlock(buyer) ??
        licenceBlock(buyer, today) ??
        kxBlock(goods) ??
        scopeBlock(buyer, goods) ??
        hmBlock(buyer, goods, quantity, today)))
  );
}

/**
 * Why the buyer may not buy each of the goods it wants: only blocked goods are in the map.
 * `lines` may name the same goods several times (a goods line and a combination holding it):
 * their quantities add up, since the 含麻 per-order limit counts them all; a line without a
 * number counts as 1. Goods no line wants are ignored.
 */
export function purchaseBlocksFor(
  buyer: BuyerFacts | null,
  goods: readonly (GoodsFacts & { id: number })[],
  lines: readonly { goodsId: number; number?: number }[],
  today: string,
): Map<number, PurchaseBlock> {
  const quantity = new Map<number, number>();
  for (const l of lines) quantity.set(l.goodsId, (quantity.get(l.goodsId) ?? 0) + (l.number ?? 1));
  const out = new Map<number, PurchaseBlock>();
  for (const g of goods) {
    const wanted = quantity.get(g.id);
    if (wanted === undefined || out.has(g.id)) continue;
    const block = purchaseBlockFor(buyer, g, wanted, today);
    if (block) out.set(g.id, block);
  }
  return out;
}
