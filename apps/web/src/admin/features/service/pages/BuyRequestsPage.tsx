import { useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import {
  BUY_STATUSES,
  BUY_STATUS_TEXT,
  buyAnswerSchema,
  type AdminBuyRequestView,
  type BuyStatus,
} from '@kc/domain';
import { GoodsSelect, useCan, usePagedTable } from '../../../shared';
import { BUY_PATH, useBuyAnswer } from '../api';

export const BUY_COLOR: Record<BuyStatus, string> = {
  pending: 'orange',
  sourced: 'green',
  unavailable: 'default',
};

interface AnswerForm {
  result: 'sourced' | 'unavailable';
  goods_id?: number;
  reply?: string;
}

/** The answer dialog: sourced with a listed goods, or cannot source with the reason. */
function AnswerModal({ request, onClose }: { request: AdminBuyRequestView | null; onClose: () => void }) {
  const [form] = Form.useForm<AnswerForm>();
  const result = Form.useWatch('result', form);
  const answer = useBuyAnswer();
  const { message } = App.useApp();
  const submit = async (values: AnswerForm) => {
    const parsed = buyAnswerSchema.safeParse({ ...values, reply: values.reply ?? '' });
    if (!parsed.success) return void message.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
    await answer.mutateAsync({ id: request!.id, input: parsed.data });
    void message.success('已答复，会员将收到消息');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={request !== null}
      title={request ? `答复求购：${request.name} ${request.ypgg}` : ''}
      okText="提交答复"
      cancelText="取消"
      confirmLoading={answer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {request && (
        <p style={{ color: '#666' }}>
          {request.member_company} 求购 {request.number} 件，{request.sccj}
          {request.approval_no && `，${request.approval_no}`}
        </p>
      )}
      <Form form={form} layout="vertical" initialValues={{ result: 'sourced' }} onFinish={submit}>
        <Form.Item name="result" label="处理结果">
          <Radio.Group>
            <Radio value="sourced">已找到货源</Radio>
            <Radio value="unavailable">无法供货</Radio>
          </Radio.Group>
        </Form.Item>
        {result !== 'unavailable' && (
          <Form.Item name="goods_id" label="上架商品" required>
            <GoodsSelect aria-label="上架商品" placeholder="搜索商品名称、拼音或批准文号" />
          </Form.Item>
        )}
        <Form.Item
          name="reply"
          label={result === 'unavailable' ? '无法供货的原因' : '答复（选填）'}
          required={result === 'unavailable'}
        >
          <Input.TextArea rows={3} maxLength={500} showCount aria-label="答复内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 品种求购: members' requests for goods the platform does not list, answered here. */
export function BuyRequestsPage() {
  const [status, setStatus] = useState<BuyStatus | ''>('pending');
  const [keyword, setKeyword] = useState('');
  const [answering, setAnswering] = useState<AdminBuyRequestView | null>(null);
  const { tableProps } = usePagedTable<AdminBuyRequestView>(BUY_PATH, { status, keyword });
  const canReply = useCan()('engagement.reply');

  const columns: TableColumnsType<AdminBuyRequestView> = [
    {
      title: '求购商品',
      key: 'goods',
      render: (_, r) => (
        <div>
          <div>
            {r.name} {r.ypgg}
          </div>
          <div style={{ color: '#999', fontSize: 12 }}>
            {r.sccj}
            {r.approval_no && ` · ${r.approval_no}`}
          </div>
        </div>
      ),
    },
    { title: '数量', dataIndex: 'number', width: 70 },
    {
      title: '会员',
      key: 'member',
      width: 180,
      render: (_, r) => (
        <div>
          <div>{r.member_company}</div>
          <div style={{ color: '#999', fontSize: 12 }}>{r.member_phone}</div>
        </div>
      ),
    },
    { title: '备注', dataIndex: 'remark', width: 140, render: (v: string) => v || '—' },
    { title: '提交时间', dataIndex: 'created_at', width: 160 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (st: BuyStatus, r) => <Tag color={BUY_COLOR[st]}>{r.status_text}</Tag>,
    },
    {
      title: '答复',
      key: 'reply',
      width: 220,
      render: (_, r) =>
        r.status === 'pending' ? (
          '—'
        ) : (
          <div>
            {r.goods && (
              <a href={`/list/info/${r.goods.id}`} target="_blank" rel="noopener noreferrer">
                {r.goods.name} {r.goods.ypgg}
              </a>
            )}
            {r.reply && <div>{r.reply}</div>}
            <div style={{ color: '#999', fontSize: 12 }}>
              {r.answered_by} {r.answered_at}
            </div>
          </div>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) =>
        canReply && r.status !== 'sourced' ? (
          <Button type="link" size="small" onClick={() => setAnswering(r)}>
            答复
          </Button>
        ) : null,
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<BuyStatus | ''>
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: '全部状态' },
            ...BUY_STATUSES.map((s) => ({ value: s, label: BUY_STATUS_TEXT[s] })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder="药品名称、厂家或会员"
          style={{ width: 260 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
      </Space>
      <Table<AdminBuyRequestView> rowKey="id" columns={columns} {...tableProps} />
      <AnswerModal request={answering} onClose={() => setAnswering(null)} />
    </div>
  );
}
