/**
 * Who may do what in the back office: the operator roles and the permissions each holds.
 * The server enforces this table on every `/api/admin` call (a route names one permission);
 * the back-office web app reads the same table to show only what the operator may use.
 */

/** The operator roles, stored in `operators.role` (a CHECK constraint holds the same list). */
export const OPERATOR_ROLES = ['admin', 'service', 'warehouse', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The role names the back office shows. */
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: '管理员',
  service: '客服',
  warehouse: '仓库',
  finance: '财务',
};

type Holder = Exclude<OperatorRole, 'admin'>;

/**
 * Every permission with its label and the roles that hold it. 管理员 holds every permission
 * and is not listed. Some permissions are here before the call that uses them, so the back
 * office is built against one table.
 */
export const ACCESS = {
  'member.read': { label: '查看会员', roles: ['service', 'finance'] },
  'member.review': { label: '审核会员资质与证件', roles: ['service'] },
  'member.edit': { label: '修改会员等级与专属客服', roles: ['service'] },
  'order.read': { label: '查看订单与退货', roles: ['service', 'warehouse', 'finance'] },
  'order.ship': { label: '订单发货', roles: ['warehouse'] },
  'order.cancel': { label: '取消订单', roles: ['service'] },
  'stock.allocate': { label: '分配批号', roles: ['warehouse'] },
  'payment.confirm': { label: '确认对公转账到账', roles: ['finance'] },
  'return.handle': { label: '审核退货申请', roles: ['service'] },
  'return.receive': { label: '确认收到退货', roles: ['warehouse'] },
  refund: { label: '退货退款', roles: ['finance'] },
  'wallet.adjust': { label: '余额充值与调整', roles: ['finance'] },
  'goods.read': { label: '查看商品与库存', roles: ['service', 'warehouse', 'finance'] },
  'goods.edit': { label: '编辑商品与控销授权', roles: [] },
  'goods.import': { label: '导入导出商品', roles: [] },
  'stock.receive': { label: '入库与库存调整', roles: ['warehouse'] },
  'qi.edit': { label: '上传质检报告', roles: ['warehouse'] },
  'report.read': { label: '查看合规记录与报表', roles: ['finance', 'warehouse'] },
  'member.disable': { label: '停用会员', roles: ['service'] },
  'dashboard.read': { label: '查看工作台', roles: ['service', 'warehouse', 'finance'] },
  'marketing.read': { label: '查看营销活动与领用', roles: ['service', 'finance'] },
  'marketing.edit': { label: '管理优惠券与抽奖及积分商城', roles: [] },
  'points.adjust': { label: '积分调整', roles: ['finance'] },
  'operator.manage': { label: '管理运营人员', roles: [] },
  'audit.read': { label: '查看操作日志', roles: [] },
  'content.read': { label: '查看帮助文章与资讯', roles: ['service'] },
  'content.edit': { label: '编辑帮助文章与资讯', roles: ['service'] },
  'engagement.read': { label: '查看求购反馈与加盟申请', roles: ['service'] },
  'engagement.reply': { label: '答复求购反馈与加盟申请', roles: ['service'] },
  'invoice.read': { label: '查看电子发票', roles: ['finance', 'service'] },
  'invoice.issue': { label: '开具与红冲电子发票', roles: ['finance'] },
  'chat.serve': { label: '在线客服接待', roles: ['service'] },
} as const satisfies Record<string, { label: string; roles: readonly Holder[] }>;

export type Permission = keyof typeof ACCESS;

/** Every permission, in the table's order. */
export const PERMISSIONS = Object.keys(ACCESS) as Permission[];

/** True for a stored role this code knows (an unknown role holds nothing). */
export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Whether an operator of `role` holds `permission`; 管理员 holds all. */
export function can(role: OperatorRole, permission: Permission): boolean {
  if (role === 'admin') return true;
  const holders: readonly Holder[] = ACCESS[permission].roles;
  return holders.includes(role);
}

/** The permissions a role holds, in the table's order (what the back office may show). */
export function permissionsOf(role: OperatorRole): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}
