import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  OPERATOR_ROLE_LABELS,
  OPERATOR_ROLES,
  PERMISSIONS,
  can,
  isOperatorRole,
  permissionsOf,
  type OperatorRole,
  type Permission,
} from './access.js';

// Written out by hand: a change to ACCESS must be made here too, on purpose.
const HOLDERS: [Permission, OperatorRole[]][] = [
  ['member.read', ['admin', 'service', 'finance']],
  ['member.review', ['admin', 'service']],
  ['member.edit', ['admin', 'service']],
  ['order.read', ['admin', 'service', 'warehouse', 'finance']],
  ['order.ship', ['admin', 'warehouse']],
  ['order.cancel', ['admin', 'service']],
  ['stock.allocate', ['admin', 'warehouse']],
  ['payment.confirm', ['admin', 'finance']],
  ['return.handle', ['admin', 'service']],
  ['return.receive', ['admin', 'warehouse']],
  ['refund', ['admin', 'finance']],
  ['wallet.adjust', ['admin', 'finance']],
  ['goods.read', ['admin', 'service', 'warehouse', 'finance']],
  ['goods.edit', ['admin']],
  ['goods.import', ['admin']],
  ['stock.receive', ['admin', 'warehouse']],
  ['qi.edit', ['admin', 'warehouse']],
  ['report.read', ['admin', 'warehouse', 'finance']],
  ['member.disable', ['admin', 'service']],
  ['dashboard.read', ['admin', 'service', 'warehouse', 'finance']],
  ['marketing.read', ['admin', 'service', 'finance']],
  ['marketing.edit', ['admin']],
  ['points.adjust', ['admin', 'finance']],
  ['operator.manage', ['admin']],
  ['audit.read', ['admin']],
  ['content.read', ['admin', 'service']],
  ['content.edit', ['admin', 'service']],
  ['engagement.read', ['admin', 'service']],
  ['engagement.reply', ['admin', 'service']],
  ['invoice.read', ['admin', 'service', 'finance']],
  ['invoice.issue', ['admin', 'finance']],
  ['chat.serve', ['admin', 'service']],
];

describe('can', () => {
  it('covers every permission of the table exactly once', () => {
    expect(HOLDERS.map(([p]) => p)).toEqual(PERMISSIONS);
  });

  it.each(HOLDERS.flatMap(([p, holders]) => OPERATOR_ROLES.map((r) => [r, p, holders.includes(r)] as const)))(
    '%s may %s: %s',
    (role, permission, expected) => {
      expect(can(role, permission)).toBe(expected);
    },
  );
});

describe('permissionsOf', () => {
  it.each<[OperatorRole, Permission[]]>([
    ['admin', PERMISSIONS],
    [
      'service',
      [
        'member.read',
        'member.review',
        'member.edit',
        'order.read',
        'order.cancel',
        'return.handle',
        'goods.read',
        'member.disable',
        'dashboard.read',
        'marketing.read',
        'content.read',
        'content.edit',
        'engagement.read',
        'engagement.reply',
        'invoice.read',
        'chat.serve',
      ],
    ],
    [
      'warehouse',
      [
        'order.read',
        'order.ship',
        'stock.allocate',
        'return.receive',
        'goods.read',
        'stock.receive',
        'qi.edit',
        'report.read',
        'dashboard.read',
      ],
    ],
    [
      'finance',
      [
        'member.read',
        'order.read',
        'payment.confirm',
        'refund',
        'wallet.adjust',
        'goods.read',
        'report.read',
        'dashboard.read',
        'marketing.read',
        'points.adjust',
        'invoice.read',
        'invoice.issue',
      ],
    ],
  ])('%s', (role, expected) => {
    expect(permissionsOf(role)).toEqual(expected);
  });
});

describe('roles', () => {
  it.each<[string, boolean]>([
    ['admin', true],
    ['service', true],
    ['warehouse', true],
    ['finance', true],
    ['operator', false],
    ['Admin', false],
    ['', false],
  ])('%j is a known role: %s', (value, expected) => {
    expect(isOperatorRole(value)).toBe(expected);
  });

  it('labels every role and every permission in Chinese', () => {
    expect(OPERATOR_ROLE_LABELS).toEqual({
      admin: '管理员',
      service: '客服',
      warehouse: '仓库',
      finance: '财务',
    });
    for (const p of PERMISSIONS) expect(ACCESS[p].label).toMatch(/^[\u4e00-\u9fa5与]+$/);
  });
});
