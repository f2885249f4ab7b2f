import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Skeleton, Spin } from 'antd';
import type { CheckOrderView, CheckoutPreviewView } from '@kc/domain';
import { CHECKOUT_PREVIEW_KEY } from '../../../shared/cart/keys';
import { orderPreviewQuery, useOrderPreview, type PreviewParams } from '../api/preview';
import { AddressModal } from '../components/AddressModal';
import { AddressPicker } from '../components/AddressPicker';
import { AmountBreakdown } from '../components/AmountBreakdown';
import { CouponPicker } from '../components/CouponPicker';
import { InvoiceFields } from '../components/InvoiceFields';
import { invoiceInitialValues, invoicePayload, type InvoiceValues } from '../components/invoice-rule';
import { PlaceNotices } from '../components/PlaceNotices';
import { WarehouseLines } from '../components/WarehouseLines';
import { useSubmitOrder } from '../components/useSubmitOrder';
import s from '../components/checkout.module.css';

type Choice = Omit<PreviewParams, 'ids'>;
type Values = InvoiceValues & { remark: string };

function CheckOrder({
  preview,
  params,
  repricing,
  choose,
}: {
  preview: CheckOrderView;
  params: PreviewParams;
  repricing: boolean;
  choose: (c: Choice) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [adding, setAdding] = useState(false);
  const { submit, refusal, submitting } = useSubmitOrder(orderPreviewQuery(params).queryKey);
  const addressId = params.address_id ?? preview.address_id;

  const onSubmit = () =>
    submit(preview, async () => {
      if (!addressId) {
        message.error('请选择收货地址');
        return null;
      }
      const values = await form.validateFields().catch(() => null);
      if (!values) return null;
      return { address_id: addressId, remark: (values.remark ?? '').trim(), ...invoicePayload(values) };
    });

  return (
    <Spin spinning={repricing} description="正在计算价格…">
      <PlaceNotices refusal={refusal} hasHm={preview.has_hm === 1} />
      <AddressPicker
        addresses={preview.addresses}
        value={addressId}
        onChange={(id) => choose({ address_id: id })}
        onAdd={() => setAdding(true)}
      />
      <AddressModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(a) => {
          setAdding(false);
          choose({ address_id: a.id });
        }}
      />
      <WarehouseLines warehouses={preview.warehouses} />
      <CouponPicker
        title="优惠券"
        name="coupon_id"
        options={preview.coupons}
        value={repricing ? (params.coupon_id ?? preview.coupon_id) : preview.coupon_id}
        onChange={(id) => choose({ coupon_id: id })}
      />
      <CouponPicker
        title="现金券"
        name="voucher_id"
        options={preview.vouchers}
        value={repricing ? (params.voucher_id ?? preview.voucher_id) : preview.voucher_id}
        onChange={(id) => choose({ voucher_id: id })}
      />
      <Form<Values>
        form={form}
        name="check-order"
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ ...invoiceInitialValues(preview.invoice_defaults), remark: '' }}
      >
        <InvoiceFields types={preview.invoice_types} />
        <Card title="订单备注" size="small" className={s.section}>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '订单备注不能超过200个字' }]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，200字以内" />
          </Form.Item>
        </Card>
      </Form>
      <Card size="small" className={s.section}>
        <AmountBreakdown preview={preview} />
      </Card>
      <div className={s.submitBar}>
        <span>共 {preview.line_count} 种商品</span>
        <span>
          应付金额：<b className={s.countdown}>¥{preview.amounts.payable}</b>
        </span>
        <Button
          type="primary"
          danger
          size="large"
          loading={submitting}
          disabled={repricing}
          onClick={() => void onSubmit()}
        >
          提交订单
        </Button>
      </div>
    </Spin>
  );
}

/** /cart/step2 确认订单: the lines from the cart's checkout (or its selection), priced by the server. */
export function CheckOrderPage() {
  const client = useQueryClient();
  const [ids] = useState(() =>
    client.getQueryData<CheckoutPreviewView>(CHECKOUT_PREVIEW_KEY)?.lines.map((l) => l.id),
  );
  // Choices so far: one the server refuses (the client has said why) is taken back.
  const [choices, setChoices] = useState<Choice[]>([{}]);
  const params: PreviewParams = { ids, ...choices.at(-1) };
  const { data, isError, isFetching, isPlaceholderData } = useOrderPreview(params);
  useEffect(() => {
    if (isError && choices.length > 1) setChoices((list) => list.slice(0, -1));
  }, [isError, choices.length]);
  let body;
  if (data && data.line_count === 0) {
    body = <Result status="info" title="没有要结算的商品" extra={<Link to="/cart">返回购物车</Link>} />;
  } else if (data) {
    body = (
      <CheckOrder
        preview={data}
        params={params}
        repricing={isFetching && isPlaceholderData}
        choose={(c) => setChoices((list) => [...list, { ...list.at(-1), ...c }])}
      />
    );
  } else if (isError && choices.length === 1) {
    body = <Result status="warning" title="订单信息加载失败" extra={<Link to="/cart">返回购物车</Link>} />;
  } else body = <Skeleton active paragraph={{ rows: 10 }} aria-label="加载中" />;
  return <div className={s.page}>{body}</div>;
}
