import { validated } from './validated';
import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import type { AdminLotRow } from '@kc/domain';
import { LOTS_PATH, useCatalogWrite } from '../api';
import { GoodsPicker } from './GoodsPicker';

const DAY = { pattern: /^\d{4}-\d{2}-\d{2}$/, message: '日期格式 YYYY-MM-DD' };

/** 入库: receives a purchased lot (batch, dates, quantity, supplier, unit cost in yuan). */
export function ReceiveModal(props: { open: boolean; goodsId?: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const write = useCatalogWrite<{ lot_id: number; stock: number }>();
  const save = () =>
    validated(form).then((v) =>
      write.mutateAsync({ path: LOTS_PATH, body: v }).then(
        (r) => {
          void message.success(`入库成功，当前库存 ${r.stock}`);
          form.resetFields();
          props.onClose();
        },
        () => undefined,
      ),
    );
  return (
    <Modal
      title="采购入库"
      open={props.open}
      okText="入库"
      onOk={save}
      onCancel={props.onClose}
      confirmLoading={write.isPending}
      forceRender
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ goods_id: props.goodsId }} preserve={false}>
        <Form.Item name="goods_id" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
          <GoodsPicker aria-label="入库商品" />
        </Form.Item>
        <Form.Item name="batch_no" label="批号" rules={[{ required: true, message: '请输入批号' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="produced_on"
          label="生产日期"
          rules={[{ required: true, message: '请输入生产日期' }, DAY]}
        >
          <Input type="date" aria-label="生产日期" />
        </Form.Item>
        <Form.Item
          name="expires_on"
          label="有效期至"
          rules={[{ required: true, message: '请输入有效期' }, DAY]}
        >
          <Input type="date" aria-label="有效期至" />
        </Form.Item>
        <Form.Item name="quantity" label="入库数量" rules={[{ required: true, message: '请输入入库数量' }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="入库数量" />
        </Form.Item>
        <Form.Item name="supplier" label="供货单位">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="unit_cost"
          label="进价（元/单位）"
          rules={[{ pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '金额格式有误' }]}
        >
          <Input prefix="¥" inputMode="decimal" aria-label="进价" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 库存调整: a signed correction of one lot with its reason (盘点、破损、报损). */
export function AdjustModal(props: { lot: AdminLotRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const write = useCatalogWrite<{ quantity: number; stock: number }>();
  const lot = props.lot;
  const save = () =>
    validated(form).then((v) =>
      write.mutateAsync({ path: `${LOTS_PATH}/${lot!.id}/adjust`, body: v }).then(
        (r) => {
          void message.success(`已调整，批号结存 ${r.quantity}，商品库存 ${r.stock}`);
          form.resetFields();
          props.onClose();
        },
        () => undefined,
      ),
    );
  return (
    <Modal
      title="库存调整"
      open={lot !== null}
      okText="确认调整"
      onOk={save}
      onCancel={props.onClose}
      confirmLoading={write.isPending}
      forceRender
    >
      {lot && (
        <Typography.Paragraph>
          {lot.goods_name} {lot.ypgg}，批号 <b>{lot.batch_no}</b>，现有 <b>{lot.quantity}</b>
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="delta"
          label="调整数量（正数增加，负数减少）"
          rules={[
            { required: true, message: '请输入调整数量' },
            {
              validator: (_, v: number | null) =>
                v === 0
                  ? Promise.reject(new Error('调整数量不能为0'))
                  : lot && v !== null && v !== undefined && lot.quantity + v < 0
                    ? Promise.reject(new Error(`最多可减少${lot.quantity}`))
                    : Promise.resolve(),
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} aria-label="调整数量" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          rules={[{ required: true, whitespace: true, message: '请填写调整原因' }]}
        >
          <Input.TextArea
            maxLength={200}
            rows={2}
            placeholder="如：月度盘点差异、运输破损报损"
            aria-label="调整原因"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
