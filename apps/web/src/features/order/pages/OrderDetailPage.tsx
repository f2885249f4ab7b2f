import { AccountShell } from '../../../shared/member/AccountShell';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Result, Skeleton } from 'antd';
import { CustomerServiceOutlined, PrinterOutlined } from '@ant-design/icons';
import { isMember, useUser } from '../../../shared/session/user';
import { useOrderDetail } from '../api/detail';
import { AmountsBreakdown } from '../components/AmountsBreakdown';
import { OrderActions } from '../components/OrderActions';
import { OrderInfo } from '../components/OrderInfo';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { OrderSteps } from '../components/OrderSteps';
import { OrderTimelines } from '../components/OrderTimelines';
import { ReturnList } from '../components/ReturnList';
import { ReturnRequestModal } from '../components/ReturnRequestModal';
import s from '../components/order.module.css';

/** Orders whose goods have been allotted lots and paid for have a delivery note to print. */
const HAS_NOTE = new Set([1, 2, 3]);

/** /order/info/:id (order_wddd_info): everything about one order and what can be done with it. */
export function OrderDetailPage() {
  const id = Number(useParams().id) || 0;
  const { data: order, isError } = useOrderDetail(id);
  const [returning, setReturning] = useState(false);
  const user = useUser();
  const canChat = isMember(user) && user.is_can_chat === 1;
  const back = <Link to="/order">返回订单列表</Link>;

  if (!order) {
    return (
      <AccountShell title="订单详情" extra={back}>
        {isError || id === 0 ? <Result status="warning" title="订单不存在或无权查看" /> : <Skeleton active />}
      </AccountShell>
    );
  }
  const paid = order.payment.status === 'paid' || order.payment.status === 'refunded';
  return (
    <AccountShell title="订单详情" extra={back}>
      <Card size="small" className={s.section}>
        <OrderSteps order={order} />
        <div style={{ marginTop: 16 }}>
          <OrderActions order={order}>
            {order.actions.can_return === 1 && (
              <Button onClick={() => setReturning(true)}>申请退货/售后</Button>
            )}
            {HAS_NOTE.has(order.status) && (
              <Link to={`/order/print/${order.id}`} target="_blank">
                <PrinterOutlined /> 打印随货同行单
              </Link>
            )}
            {canChat && (
              <Link to={`/kfzx?${new URLSearchParams({ order: order.order_no }).toString()}`}>
                <CustomerServiceOutlined /> 联系客服
              </Link>
            )}
          </OrderActions>
        </div>
      </Card>
      <OrderInfo order={order} />
      <OrderLinesTable order={order} />
      <Card size="small" className={s.section}>
        <AmountsBreakdown amounts={order.amounts} paid={paid} />
      </Card>
      <OrderTimelines order={order} />
      <ReturnList returns={order.returns} />
      {order.actions.can_return === 1 && (
        <ReturnRequestModal order={order} open={returning} onClose={() => setReturning(false)} />
      )}
    </AccountShell>
  );
}
