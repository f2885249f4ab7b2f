import { useState } from 'react';
import { App, AutoComplete, Input, Modal, Space, Typography } from 'antd';
import { shipOrderSchema } from '@kc/domain';
import { useOrderAction } from '../api';
import { CARRIERS, firstError } from '../labels';

interface Props {
  orderId: number;
  /** 1 when the warehouse confirmed the lots; otherwise shipping confirms the FEFO proposal. */
  allocated: 0 | 1;
  open: boolean;
  onClose: () => void;
}

/** 发货: the carrier (a common one or typed) and the tracking number, checked by the server's schema. */
export function ShipModal({ orderId, allocated, open, onClose }: Props) {
  const action = useOrderAction(orderId);
  const { message } = App.useApp();
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const body = { carrier: carrier.trim(), tracking_no: trackingNo.trim() };
    const why = firstError(shipOrderSchema, body);
    setError(why);
    if (why) return;
    try {
      await action.mutateAsync({ action: 'ship', body });
      void message.success('已发货');
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <Modal
      open={open}
      title="订单发货"
      okText="确认发货"
      cancelText="取消"
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {allocated === 0 && (
          <Typography.Text type="warning">
            批号尚未确认：发货将按效期先出（FEFO）自动确认当前批号。
          </Typography.Text>
        )}
        <Typography.Text>承运商</Typography.Text>
        <AutoComplete
          aria-label="承运商"
          placeholder="选择或输入承运商"
          options={CARRIERS.map((c) => ({ value: c }))}
          value={carrier}
          onChange={(v: string) => setCarrier(v)}
          style={{ width: '100%' }}
          filterOption={(input, o) => String(o?.value ?? '').includes(input)}
        />
        <Typography.Text>运单号</Typography.Text>
        <Input
          aria-label="运单号"
          value={trackingNo}
          maxLength={32}
          onChange={(e) => setTrackingNo(e.target.value)}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}
