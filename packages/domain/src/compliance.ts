/**
 * Buyer compliance (GSP): who may buy what. This file holds the contract shared by the
 * catalogue (shows the reason), the cart (refuses the add) and the order (refuses the order).
 * The rule functions themselves live beside it (compliance-rules.ts) with table tests.
 */

/** Why a buyer may not buy a goods right now. */
export type PurchaseBlockRule =
  /** Not logged in. */
  | 'visitor'
  /** Qualifications not approved yet (or rejected). */
  | 'not_approved'
  /** A required licence has expired; a renewed one must be approved. */
  | 'licence_expired'
  /** The goods' business-scope class is outside the buyer's 经营范围. */
  | 'scope'
  /** Ephedrine-type (含麻) goods need an authorisation letter on file. */
  | 'hm_letter'
  /** Ephedrine-type goods: more than the per-order quantity limit. */
  | 'hm_limit'
  /** Controlled-sales (控销) goods not released to the buyer's group or region. */
  | 'kx_not_released'
  /** Categories banned from online sale (never listed; kept as a safety net). */
  | 'banned';

export interface PurchaseBlock {
  rule: PurchaseBlockRule;
  /** What the buyer is told, in Chinese: 「您的经营范围不包含“生物制品”，暂不能购买」. */
  reason: string;
  /** The document or step that would unlock it, in Chinese, or '' when nothing can. */
  unlock: string;
  /** Where the buyer can act on it (/zzzj, /login, …), or ''. */
  link: string;
}
