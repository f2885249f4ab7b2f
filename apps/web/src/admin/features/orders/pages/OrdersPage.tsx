import { useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminOrderRowView } from '@kc/domain';
import { showYuan, usePagedTable } from '../../../shared';
import { openPrintable, ORDERS_PATH } from '../api';
import { ORDER_STATUS_COLOR, ORDER_TABS, PAYMENT_OPTIONS } from '../labels';

interface FilterForm {
  keywords?: string;
  member?: string;
  payment_method?: string;
  is_hm?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The filters as the call takes them (empty ones left out). */
function toParams(f: FilterForm): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.keywords?.trim()) out.keywords = f.keywords.trim();
  if (f.member?.trim()) out.member = f.member.trim();
  if (f.payment_method) out.payment_method = f.payment_method;
  if (f.is_hm !== undefined) out.is_hm = f.is_hm;
  if (f.dates?.[0]) out.start_date = f.dates[0].format('YYYY-MM-DD');
  if (f.dates?.[1]) out.end_date = f.dates[1].format('YYYY-MM-DD');
  return out;
}

const columns: TableColumnsType<AdminOrderRowView> = [
  {
    title: '订单号',
    dataIndex: 'order_no',
    width: 230,
    render: (no: string, o) => (
      <Space size={4}>
        <Link to={`/orders/${o.id}`}>{no}</Link>
        {o.kind === 'points' && <Tag color="purple">积分</Tag>}
        {o.is_hm === 1 && <Tag color="red">含麻</Tag>}
      </Space>
    ),
  },
  { title: '会员', dataIndex: 'member_company', width: 200, ellipsis: true },
  { title: '应付金额', dataIndex: 'payable', align: 'right', render: (v: string) => showYuan(v) },
  { title: '支付方式', dataIndex: 'payment_method_text', render: (v: string) => v || '—' },
  {
    title: '状态',
    dataIndex: 'status_text',
    render: (v: string, o) => <Tag color={ORDER_STATUS_COLOR[o.status]}>{v}</Tag>,
  },
  { title: '商品种数', dataIndex: 'line_count', align: 'right' },
  { title: '下单时间', dataIndex: 'created_at' },
  { title: '付款时间', dataIndex: 'paid_at', render: (v: string) => v || '—' },
  {
    title: '物流',
    dataIndex: 'tracking_no',
    render: (v: string, o) => (v ? `${o.carrier} ${v}` : '—'),
  },
  {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    render: (_, o) => (
      <Space size={0}>
        <Link to={`/orders/${o.id}`}>
          <Button type="link" size="small">
            详情
          </Button>
        </Link>
        <Button type="link" size="small" onClick={() => openPrintable(`${ORDERS_PATH}/${o.id}/pick_list`)}>
          拣货单
        </Button>
      </Space>
    ),
  },
];

/** 订单列表: status tabs, filters, a table; the selected rows print one batch pick list. */
export function OrdersPage() {
  const [status, setStatus] = useState('1');
  const [filters, setFilters] = useState<Record<string, string | number>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<FilterForm>();
  const { tableProps } = usePagedTable<AdminOrderRowView>(ORDERS_PATH, { status, ...filters });

  return (
    <div>
      <Form
        form={form}
        layout="inline"
        onFinish={(f) => setFilters(toParams(f))}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="keywords" label="订单号">
          <Input placeholder="订单号 / 会员账号 / 公司" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="member" label="会员">
          <Input placeholder="会员ID / 公司名 / 账号" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="payment_method" label="支付方式">
          <Select placeholder="全部" allowClear options={PAYMENT_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="is_hm" label="含麻">
          <Select
            placeholder="全部"
            allowClear
            options={[
              { value: 1, label: '含麻订单' },
              { value: 0, label: '不含麻' },
            ]}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Form.Item name="dates" label="下单日期">
          <DatePicker.RangePicker />
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
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k);
          setSelected([]);
        }}
        items={ORDER_TABS}
        tabBarExtraContent={
          <Button
            disabled={selected.length === 0}
            onClick={() => openPrintable('/api/admin/pick_list', { ids: selected })}
          >
            批量打印拣货单{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        }
      />
      <Table<AdminOrderRowView>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1400 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: true,
        }}
        {...tableProps}
      />
    </div>
  );
}
