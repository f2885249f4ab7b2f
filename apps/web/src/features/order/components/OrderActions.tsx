import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import type { OrderListItemView } from '@kc/domain';
import { payPathOf } from '../../../shared/order/paths';
import { useOrderActions } from './useOrderActions';

interface Props {
  order: Pick<OrderListItemView, 'id' | 'status' | 'is_hm' | 'actions'>;
  /** The list links to the detail; the detail does not link to itself. */
  detailLink?: boolean;
  /** Further buttons (the detail adds 申请退货/售后 and the delivery note). */
  children?: ReactNode;
}

/** The buttons an order allows now, as the server's `actions` says. */
export function OrderActions({ order, detailLink = false, children }: Props) {
  const navigate = useNavigate();
  const { askCancel, askReceive, buyAgain, buyingAgain } = useOrderActions();
  const a = order.actions;
  return (
    <Space wrap size={8}>
      {a.can_pay === 1 && (
        <Button type="primary" onClick={() => void navigate(payPathOf(order.id, order.is_hm === 1))}>
          去支付
        </Button>
      )}
      {a.can_receive === 1 && (
        <Button type="primary" onClick={() => askReceive(order.id)}>
          确认收货
        </Button>
      )}
      {a.can_buy_again === 1 && (
        <Button loading={buyingAgain === order.id} onClick={() => void buyAgain(order.id)}>
          再次购买
        </Button>
      )}
      {a.can_cancel === 1 && <Button onClick={() => askCancel(order)}>取消订单</Button>}
      {children}
      {detailLink && <Link to={`/order/info/${order.id}`}>查看详情</Link>}
    </Space>
  );
}
