import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { App, Select } from 'antd';
import { useBuyAgain } from '../api/buy-again';
import { useCancelOrder } from '../api/cancel';
import { useReceiveOrder } from '../api/receive';

/** Why the buyer cancels (sent as `reason`; the server keeps it with the order). */
export const CANCEL_REASONS = [
  '不想买了',
  '信息填写错误，重新下单',
  '商品选错/多选',
  '价格有变化',
  '其他原因',
];

const ignore = () => undefined;

/**
 * The order actions shared by the order centre and the detail: cancel (with a reason) and
 * confirm receipt ask first; buy again reports what could not be added, then opens the cart.
 * Failed calls have already been explained by the API client.
 */
export function useOrderActions() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const receive = useReceiveOrder();
  const again = useBuyAgain();

  const askCancel = useCallback(
    (order: { id: number; status: number }) => {
      let reason = CANCEL_REASONS[0]!;
      modal.confirm({
        title: '确定取消该订单吗？',
        content: (
          <div>
            {order.status === 1 && <p>订单已支付，取消后货款将退回您的账户余额。</p>}
            <Select
              aria-label="取消原因"
              defaultValue={reason}
              style={{ width: '100%' }}
              options={CANCEL_REASONS.map((r) => ({ value: r, label: r }))}
              onChange={(r: string) => (reason = r)}
            />
          </div>
        ),
        okText: '确定取消',
        cancelText: '再想想',
        onOk: () =>
          cancel.mutateAsync({ id: order.id, reason }).then(() => void message.success('订单已取消'), ignore),
      });
    },
    [modal, message, cancel],
  );

  const askReceive = useCallback(
    (id: number) => {
      modal.confirm({
        title: '确认已收到货物吗？',
        content: '请核对商品、批号与数量无误后再确认收货，确认后订单将完成。',
        okText: '确认收货',
        cancelText: '取消',
        onOk: () =>
          receive.mutateAsync(id).then((d) => {
            const points = d.points_awarded > 0 ? `，获得${d.points_awarded}积分` : '';
            void message.success(`确认收货成功${points}`);
          }, ignore),
      });
    },
    [modal, message, receive],
  );

  const buyAgain = useCallback(
    (id: number) =>
      again.mutateAsync(id).then((r) => {
        if (r.added > 0) void message.success(`已加入购物车${r.added}种商品`);
        if (r.skipped.length > 0) {
          modal.warning({
            title: r.added > 0 ? `以下${r.skipped.length}种商品未能加入购物车` : '商品均未能加入购物车',
            content: (
              <ul aria-label="未加入的商品" style={{ paddingLeft: 18, margin: 0 }}>
                {r.skipped.map((s) => (
                  <li key={s.goods_id}>
                    {s.name}：{s.reason}
                  </li>
                ))}
              </ul>
            ),
            okText: '知道了',
          });
        }
        if (r.added > 0) void navigate('/cart');
      }, ignore),
    [again, message, modal, navigate],
  );

  return {
    askCancel,
    askReceive,
    buyAgain,
    buyingAgain: again.isPending ? again.variables : undefined,
  };
}
