import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PurchaseBlock } from '@kc/domain';
import { PurchaseBlockNotice } from './PurchaseBlockNotice';

const SCOPE: PurchaseBlock = {
  rule: 'scope',
  reason: '您的经营范围不包含“生物制品”，暂不能购买',
  unlock: '含“生物制品”的药品经营许可证',
  link: '/zzzj',
};

function show(block: PurchaseBlock, variant?: 'alert' | 'inline') {
  const router = createMemoryRouter([
    { path: '/', element: <PurchaseBlockNotice block={block} variant={variant} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('PurchaseBlockNotice', () => {
  it.each(['alert', 'inline'] as const)('%s: the reason, the unlocking document and a link', (variant) => {
    show(SCOPE, variant);
    expect(screen.getByText(SCOPE.reason)).toBeInTheDocument();
    expect(screen.getByText(/需要：含“生物制品”的药品经营许可证/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /上传资质/ })).toHaveAttribute('href', '/zzzj');
  });

  it('a visitor is sent to login; a block nothing unlocks has no link', () => {
    show({ rule: 'visitor', reason: '登录后可购买', unlock: '', link: '/login' });
    expect(screen.getByRole('link', { name: /去登录/ })).toHaveAttribute('href', '/login');
  });

  it('shows no link when nothing can unlock it', () => {
    show({ rule: 'banned', reason: '该类药品禁止网上销售', unlock: '', link: '' });
    expect(screen.getByText('该类药品禁止网上销售')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
