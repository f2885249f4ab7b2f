import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, InputNumber, Modal, Radio, Result, Space } from 'antd';
import { MAX_REDEEM_NUMBER, type PointsGoodsView, type RedeemedView } from '@kc/domain';
import { isApiError } from '../../../shared/api';
import { useAddresses } from '../api/addresses';
import { newRedeemKey, useRedeem } from '../api/redeem';
import s from './points.module.css';

interface Props {
  gift: PointsGoodsView;
  myPoints: number;
  onClose: () => void;
}

/** The most of a gift the member may ask for: stock, the per-member limit and their points. */
function most(gift: PointsGoodsView, myPoints: number): number {
  const byPoints = Math.floor(myPoints / gift.points);
  const byLimit = gift.per_member > 0 ? gift.per_member : MAX_REDEEM_NUMBER;
  return Math.max(1, Math.min(gift.stock, byLimit, byPoints, MAX_REDEEM_NUMBER));
}

/**
 * Redeeming one gift: quantity, the delivery address (the member's own, default first), the
 * points it takes and what is left, then 确认兑换. One key per opening of the modal, so a
 * double click or a retry never makes two orders. Success links to /jfdd.
 */
export function RedeemModal({ gift, myPoints, onClose }: Props) {
  const [number, setNumber] = useState(1);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [key] = useState(newRedeemKey);
  const [done, setDone] = useState<RedeemedView | null>(null);
  const [error, setError] = useState('');
  const addresses = useAddresses(true);
  const redeem = useRedeem();
  const list = addresses.data ?? [];
  const chosen = addressId ?? list[0]?.id ?? null;
  const cost = gift.points * number;
  const short = cost > myPoints;

  const submit = async () => {
    if (chosen === null) return;
    setError('');
    try {
      setDone(
        await redeem.mutateAsync({ goods_id: gift.id, number, address_id: chosen, idempotency_key: key }),
      );
    } catch (e) {
      if (isApiError(e)) setError(e.msg);
    }
  };

  if (done)
    return (
      <Modal open title="兑换成功" onCancel={onClose} footer={null} width={480}>
        <Result
          status="success"
          title="兑换成功"
          subTitle={`订单号 ${done.order_no}，消耗${done.points}积分，剩余${done.points_left}积分。礼品将尽快为您发出。`}
          extra={[
            <Link key="orders" to="/jfdd">
              <Button type="primary">查看积分订单</Button>
            </Link>,
            <Button key="back" onClick={onClose}>
              继续兑换
            </Button>,
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      title="兑换礼品"
      onCancel={onClose}
      width={560}
      okText="确认兑换"
      cancelText="取消"
      onOk={submit}
      okButtonProps={{ disabled: chosen === null || short, loading: redeem.isPending }}
    >
      <div className={s.modalGift}>
        {gift.image ? <img src={gift.image} alt="" /> : null}
        <div>
          <div className={s.modalName}>{gift.name}</div>
          <div className={s.points}>{gift.points} 积分</div>
          <div className={s.muted}>
            库存 {gift.stock}
            {gift.per_member > 0 ? `，每人限兑${gift.per_member}件` : ''}
          </div>
        </div>
      </div>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <label className={s.row}>
          <span className={s.label}>兑换数量</span>
          <InputNumber
            aria-label="兑换数量"
            min={1}
            max={most(gift, myPoints)}
            precision={0}
            value={number}
            onChange={(v) => setNumber(Math.max(1, Number(v) || 1))}
          />
        </label>
        <div className={s.row} style={{ alignItems: 'flex-start' }}>
          <span className={s.label}>收货地址</span>
          {addresses.isPending ? (
            <span className={s.muted}>加载中…</span>
          ) : list.length === 0 ? (
            <span>
              还没有收货地址，<Link to="/addr">去添加</Link>
            </span>
          ) : (
            <Radio.Group value={chosen} onChange={(e) => setAddressId(e.target.value as number)}>
              <Space orientation="vertical">
                {list.map((a) => (
                  <Radio key={a.id} value={a.id}>
                    {a.consignee} {a.phone} {a.region} {a.address}
                    {a.is_default ? '（默认）' : ''}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
        </div>
        <div className={s.row}>
          <span className={s.label}>所需积分</span>
          <span className={s.points}>{cost}</span>
          <span className={s.muted}>
            （当前 {myPoints} 积分，兑换后剩余 {Math.max(0, myPoints - cost)}）
          </span>
        </div>
        {short ? <Alert type="warning" showIcon message={`积分不足，还差${cost - myPoints}积分`} /> : null}
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Space>
    </Modal>
  );
}
