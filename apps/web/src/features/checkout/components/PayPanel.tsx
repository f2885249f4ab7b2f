import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Descriptions, Form } from 'antd';
import type { PaymentMethod, PayPageView, PayResultView } from '@kc/domain';
import { usePayOrder, type HmPurchaser } from '../api/pay';
import { Countdown, chinaTimeToMs } from './Countdown';
import { BalancePayModal, type BalanceAuth } from './BalancePayModal';
import { HmIdentityForm } from './HmIdentityForm';
import { PayMethods, firstEnabled } from './PayMethods';
import { TransferDetails } from './TransferDetails';
import s from './checkout.module.css';

const PAY_TEXT: Record<PaymentMethod, string> = {
  balance: '确认支付',
  offline: '确认使用对公转账',
  online: '去在线支付',
};

/** The pay step of an unpaid order: the order, the time left, the methods (and the 含麻 identity). */
export function PayPanel({ view, hm }: { view: PayPageView; hm: boolean }) {
  const navigate = useNavigate();
  const pay = usePayOrder();
  const [form] = Form.useForm<HmPurchaser>();
  const [method, setMethod] = useState<PaymentMethod | null>(() => firstEnabled(view));
  const [transfer, setTransfer] = useState<PayResultView | null>(null);
  const [expired, setExpired] = useState(false);
  const onEnd = useCallback(() => setExpired(true), []);
  const busy = useRef(false);
  const needsIdentity = hm && view.hm_identity_required === 1;
  const awaiting = transfer !== null || view.payment.status === 'awaiting_transfer';

  const [confirming, setConfirming] = useState(false);

  const onPay = async (auth?: BalanceAuth) => {
    if (!method || busy.current) return;
    busy.current = true;
    try {
      const purchaser = needsIdentity ? await form.validateFields().catch(() => null) : undefined;
      if (purchaser === null) return;
      // 余额支付 is confirmed with the payment password first (the server asks for it too).
      if (method === 'balance' && !auth) {
        setConfirming(true);
        return;
      }
      const result = await pay.mutateAsync({ id: view.order_id, method, purchaser, ...auth });
      setConfirming(false);
      if (result.status === 'paid') void navigate(`/cart/step4?id=${result.order_id}`);
      else if (result.status === 'awaiting_transfer') setTransfer(result);
      else window.location.assign(result.pay_url);
    } catch {
      // The API client has shown why (余额不足, 订单已支付…); the buyer may choose again.
    } finally {
      busy.current = false;
    }
  };

  return (
    <>
      <Card size="small" className={s.section} title="请尽快完成支付">
        <Descriptions column={3} size="small">
          <Descriptions.Item label="订单号">{view.order_no}</Descriptions.Item>
          <Descriptions.Item label="应付金额">
            <b className={s.countdown} aria-label="应付金额">
              ¥{view.payable}
            </b>
          </Descriptions.Item>
          {!awaiting && (
            <Descriptions.Item label="剩余支付时间">
              <Countdown end={chinaTimeToMs(view.expires_at)} onEnd={onEnd} />
            </Descriptions.Item>
          )}
        </Descriptions>
        {!awaiting && <div className={s.hint}>请在30分钟内完成支付，超时订单将自动取消。</div>}
      </Card>
      {awaiting ? (
        <Card size="small" title="对公转账" className={s.section}>
          <TransferDetails
            bank={transfer?.bank ?? view.bank}
            reference={transfer?.reference || view.payment.reference}
            payable={view.payable}
          />
          <Link to={`/order/info/${view.order_id}`}>查看订单</Link>
        </Card>
      ) : (
        <>
          {needsIdentity && <HmIdentityForm form={form} />}
          <Card size="small" title="选择支付方式" className={s.section}>
            <PayMethods view={view} value={method} onChange={setMethod} />
            {method === 'offline' && <TransferDetails bank={view.bank} reference="" payable={view.payable} />}
          </Card>
          <BalancePayModal
            open={confirming}
            payable={view.payable}
            balance={view.balance}
            paying={pay.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={(auth) => void onPay(auth)}
          />
          <div className={s.submitBar}>
            {expired && <span className={s.optionGain}>订单已超时，请重新下单</span>}
            <Button
              type="primary"
              danger
              size="large"
              disabled={!method || expired}
              loading={pay.isPending}
              onClick={() => void onPay()}
            >
              {method ? PAY_TEXT[method] : '请选择支付方式'}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
