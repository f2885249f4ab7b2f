import { useState } from 'react';
import { Button, DatePicker, Form, Input, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReturnListItemView } from '@kc/domain';
import { showYuan, usePagedTable } from '../../../shared';
import { RETURNS_PATH } from '../api';
import { ReturnDrawer } from '../components/ReturnDrawer';
import { RETURN_STATUS_COLOR, RETURN_TABS } from '../labels';

interface FilterForm {
  keywords?: string;
  member?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

function toParams(f: FilterForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.keywords?.trim()) out.keywords = f.keywords.trim();
  if (f.member?.trim()) out.member = f.member.trim();
  if (f.dates?.[0]) out.start_date = f.dates[0].format('YYYY-MM-DD');
  if (f.dates?.[1]) out.end_date = f.dates[1].format('YYYY-MM-DD');
  return out;
}

/** 退货售后: the queue by status with filters; a row opens the request in a drawer. */
export function ReturnsPage() {
  const [status, setStatus] = useState('pending');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [form] = Form.useForm<FilterForm>();
  const { tableProps } = usePagedTable<ReturnListItemView>(RETURNS_PATH, { status, ...filters });
  const columns: TableColumnsType<ReturnListItemView> = [
    {
      title: '申请单号',
      dataIndex: 'return_no',
      width: 210,
      render: (no: string, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {no}
        </Button>
      ),
    },
    { title: '订单号', dataIndex: 'order_no', width: 190 },
    { title: '会员', dataIndex: 'member_company', ellipsis: true },
    { title: '类型', dataIndex: 'kind', render: (k: string) => (k === 'return' ? '退货退款' : '售后') },
    { title: '数量', dataIndex: 'number', align: 'right' },
    { title: '退款金额', dataIndex: 'refund_amount', align: 'right', render: (v: string) => showYuan(v) },
    {
      title: '状态',
      dataIndex: 'status_text',
      render: (v: string, r) => <Tag color={RETURN_STATUS_COLOR[r.status]}>{v}</Tag>,
    },
    { title: '申请时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'op',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          处理
        </Button>
      ),
    },
  ];
  return (
    <div>
      <Form
        form={form}
        layout="inline"
        onFinish={(f) => setFilters(toParams(f))}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="keywords" label="单号">
          <Input placeholder="申请单号 / 订单号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="member" label="会员">
          <Input placeholder="会员ID / 公司名 / 账号" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="dates" label="申请日期">
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
      <Tabs activeKey={status} onChange={setStatus} items={RETURN_TABS} />
      <Table<ReturnListItemView> rowKey="id" size="middle" columns={columns} {...tableProps} />
      <ReturnDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
