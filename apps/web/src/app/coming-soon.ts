/**
 * Pages whose capability belongs to a later issue. Each shows the shared layout, its title
 * and "该功能即将上线" with the capability below. docs/web-pages.md lists the same table (a
 * test keeps the two in step); when a capability lands, its routes move to real pages.
 */
export const CAPABILITIES = {
  catalog: '商品与搜索',
  account: '账户与资质',
  cart: '购物车',
  order: '订单与支付',
  promotion: '钱包与营销',
  help: '帮助与资讯',
} as const;
export type Capability = keyof typeof CAPABILITIES;

/** Route name → the capability that will fill it. Empty: every page of SPEC §2 is built (issue 14). */
export const COMING_SOON: Readonly<Record<string, Capability>> = {};

/** The capability line a coming-soon page shows, or null for a built page. */
export function comingSoonLabel(routeName: string): string | null {
  const capability = COMING_SOON[routeName];
  return capability ? CAPABILITIES[capability] : null;
}
