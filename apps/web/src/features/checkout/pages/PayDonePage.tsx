import { Link, useSearchParams } from 'react-router';
import { Result, Skeleton, Space, Spin } from 'antd';
import type { OrderDetailView } from '@kc/domain';
import { isPaymentProcessing, useOrderAfterPay } from '../api/order';
import { payPathOf } from '../../../shared/order/paths';
import s from '../components/checkout.module.css';

function outcome(order: OrderDetailView, pollsLeft: boolean) {
  if (order.status === 4)
    return { status: 'warning', title: '订单已取消', text: order.cancel_reason } as const;
  if (order.payment.status === 'awaiting_transfer') {
    return {
      status: 'info',
      title: '等待确认收款',
      text: `请按对公转账信息汇款${order.payment.reference ? `，转账备注：${order.payment.reference}` : ''}。财务确认收到款项后，订单将安排发货。`,
    } as const;
  }
  if (!isPaymentProcessing(order)) {
    return {
      status: 'success',
      title: '支付成功',
      text: `实付金额：¥${order.payable}，我们将尽快为您发货。`,
    } as const;
  }
  return pollsLeft
    ? ({ status: 'info', title: '支付处理中', text: '正在确认支付结果，请稍候…' } as const)
    : ({ status: 'warning', title: '暂未收到支付结果', text: '如已付款，请稍后在订单详情中查看。' } as const);
}

/** /cart/step4?id= 支付完成: paid, waiting for the transfer, or the payment still being confirmed. */
export function PayDonePage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const { order, isError, pollsLeft } = useOrderAfterPay(id);
  let body;
  if (!order) {
    body =
      isError || id <= 0 ? (
        <Result status="warning" title="订单不存在" extra={<Link to="/order">查看我的订单</Link>} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} aria-label="加载中" />
      );
  } else {
    const o = outcome(order, pollsLeft);
    const waiting = o.title === '支付处理中';
    body = (
      <Result
        status={o.status}
        icon={waiting ? <Spin size="large" /> : undefined}
        title={o.title}
        subTitle={
          <>
            <div>订单号：{order.order_no}</div>
            {o.text && <div>{o.text}</div>}
          </>
        }
        extra={
          <Space size="large">
            {o.title === '暂未收到支付结果' && (
              <Link to={payPathOf(order.id, order.is_hm === 1)}>继续支付</Link>
            )}
            <Link to={`/order/info/${order.id}`}>查看订单</Link>
            <Link to="/">继续采购</Link>
          </Space>
        }
      />
    );
  }
  return <div className={s.page}>{body}</div>;
}
