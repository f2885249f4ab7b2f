import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { AuditRowView } from '@kc/domain';
import { usePagedTable } from '../../../shared';
import { AUDIT_PATH, useAllOperators } from '../api';
import { AuditChange } from '../components/AuditChange';
import { actionText } from '../components/audit-labels';

/** The things the log names (entity), as the back office says them. */
const ENTITY_OPTIONS = [
  { value: 'operator', label: '运营人员' },
  { value: 'member', label: '会员' },
  { value: 'document', label: '证件' },
  { value: 'goods', label: '商品' },
  { value: 'lot', label: '批号' },
  { value: 'order', label: '订单' },
  { value: 'return', label: '退货' },
  { value: 'import', label: '导入' },
];
const ENTITY_TEXT = Object.fromEntries(ENTITY_OPTIONS.map((o) => [o.value, o.label]));

interface Filters {
  operator_id?: number;
  action?: string;
  entity?: string;
  entity_id?: string;
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

const columns: TableColumnsType<AuditRowView> = [
  { title: '时间', dataIndex: 'created_at', width: 170 },
  {
    title: '操作人',
    dataIndex: 'operator_name',
    width: 150,
    render: (n: string, r) => (
      <Space size={4}>
        {n || '—'}
        {r.role_text && <Tag>{r.role_text}</Tag>}
      </Space>
    ),
  },
  {
    title: '操作',
    dataIndex: 'action',
    width: 200,
    render: (a: string) => (actionText(a) === a ? a : <span title={a}>{actionText(a)}</span>),
  },
  {
    title: '对象',
    dataIndex: 'entity',
    width: 140,
    render: (e: string, r) => (e ? `${ENTITY_TEXT[e] ?? e}${r.entity_id ? ` #${r.entity_id}` : ''}` : '—'),
  },
  { title: '说明', dataIndex: 'summary', render: (s: string) => s || '—' },
  {
    title: '结果',
    dataIndex: 'status',
    width: 90,
    render: (s: number) => (s < 300 ? <Tag color="green">成功</Tag> : <Tag color="red">失败 {s}</Tag>),
  },
];

/** 操作日志: every operator write, searched by who, what, when; a row opens its before and after. */
export function AuditPage() {
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { tableProps } = usePagedTable<AuditRowView>(AUDIT_PATH, filters);
  const operators = useAllOperators().data?.list ?? [];

  const apply = (v: Filters) => {
    const { range, ...rest } = v;
    const next: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(rest)) {
      if (val !== undefined && val !== null && String(val).trim() !== '')
        next[k] = typeof val === 'string' ? val.trim() : val;
    }
    if (range) {
      next.from = range[0].format('YYYY-MM-DD');
      next.to = range[1].format('YYYY-MM-DD');
    }
    setFilters(next);
  };

  return (
    <Card>
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="operator_id" label="操作人">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            placeholder="全部"
            options={operators.map((o) => ({
              value: o.id,
              label: o.name ? `${o.name}（${o.username}）` : o.username,
            }))}
          />
        </Form.Item>
        <Form.Item name="entity" label="对象">
          <Select allowClear style={{ width: 120 }} placeholder="全部" options={ENTITY_OPTIONS} />
        </Form.Item>
        <Form.Item name="entity_id" label="对象ID">
          <Input allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Input allowClear style={{ width: 170 }} placeholder="如 operator.update" />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="keyword" label="关键词">
          <Input allowClear style={{ width: 160 }} placeholder="说明、操作人、路径" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditRowView>
        rowKey="id"
        columns={columns}
        {...tableProps}
        expandable={{ expandedRowRender: (r) => <AuditChange row={r} />, expandRowByClick: true }}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
