import { Link, Navigate } from 'react-router';
import { Result, Skeleton, Space } from 'antd';
import { payPathOf } from '../../../shared/order/paths';
import { usePayPage } from '../api/pay-page';
import { PayPanel } from './PayPanel';
import s from './checkout.module.css';

/**
 * The pay step of /cart/step3/:id and /cart/hm?id=: an order opened on the wrong one goes to
 * the other; an order that is no longer unpaid says so.
 */
export function PayOrder({ id, hm }: { id: number; hm: boolean }) {
  const { data: view, isError } = usePayPage(id);
  let body;
  if (!view) {
    body =
      isError || id <= 0 ? (
        <Result status="warning" title="订单不存在或已失效" extra={<Link to="/order">查看我的订单</Link>} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} aria-label="加载中" />
      );
  } else if ((view.is_hm === 1) !== hm) {
    return <Navigate to={payPathOf(id, view.is_hm === 1)} replace />;
  } else if (view.status !== 0) {
    body = (
      <Result
        status={view.status === 4 ? 'warning' : 'success'}
        title={`订单${view.status_text}`}
        subTitle={`订单号：${view.order_no}`}
        extra={
          <Space size="large">
            <Link to={`/order/info/${id}`}>查看订单</Link>
            <Link to="/">继续采购</Link>
          </Space>
        }
      />
    );
  } else body = <PayPanel view={view} hm={hm} />;
  return <div className={s.page}>{body}</div>;
}
