import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderPages } from '../../../test/render-pages';
import { paged } from '../testing/fixtures';
import { PointsOrdersPage } from './PointsOrdersPage';
import '../testing/async';

const render = (list: unknown[]) =>
  renderPages([{ path: '/jfdd', element: <PointsOrdersPage /> }], '/jfdd', {
    '/api/order/points': ok(paged(list)),
  });

describe('/jfdd 积分订单', () => {
  it('says 暂无积分订单 when there are none', async () => {
    render([]);
    expect(await screen.findByText('暂无积分订单')).toBeInTheDocument();
  });

  it('lists points orders with their goods and points', async () => {
    render([
      {
        id: 1,
        order_no: 'JF202405010001',
        status: 3,
        status_text: '已完成',
        created_at: '2024-05-01 09:00:00',
        points: 500,
        lines: [{ name: '医用外科口罩', number: 2, image: '' }],
      },
    ]);
    expect(await screen.findByText('JF202405010001')).toBeInTheDocument();
    expect(screen.getByText('医用外科口罩')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('已完成')).toBeInTheDocument();
  });
});
