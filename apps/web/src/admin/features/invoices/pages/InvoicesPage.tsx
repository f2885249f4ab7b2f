import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Input, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import {
  ADMIN_INVOICE_QUEUES,
  type AdminInvoiceQueue,
  type AdminOrderInvoiceView,
  type InvoiceDocView,
  type InvoiceIssueResult,
} from '@kc/domain';
import { showYuan, useCan, usePagedTable } from '../../../shared';
import { INVOICES_PATH, issueSummary, useIssueInvoices } from '../api';

type Tab = AdminInvoiceQueue | 'all';

export const QUEUE_COLOR: Record<AdminInvoiceQueue, string> = {
  pending: 'orange',
  reissue: 'volcano',
  issued: 'green',
  flushed: 'default',
};

const TABS = [
  ...(Object.keys(ADMIN_INVOICE_QUEUES) as AdminInvoiceQueue[]).map((q) => ({
    key: q,
    label: ADMIN_INVOICE_QUEUES[q],
  })),
  { key: 'all', label: '全部' },
];

/** Rows 财务 can act on: a first invoice, or 红冲重开 after a refund. */
const issuable = (r: AdminOrderInvoiceView) => r.queue === 'pending' || r.queue === 'reissue';

const muted = { color: '#999', fontSize: 12 } as const;

/** One invoice document: kind, number, amount, the PDF; marked when not real, and the provider's refusal. */
function Document({ d }: { d: InvoiceDocView }) {
  return (
    <div style={{ lineHeight: '22px' }}>
      <Tag color={d.kind === 'red' ? 'red' : 'blue'} style={{ marginRight: 6 }}>
        {d.kind_text}
      </Tag>
      {d.invoice_no ? (
        <span style={{ fontFamily: 'monospace' }}>{d.invoice_no}</span>
      ) : (
        <span>{d.status_text}</span>
      )}
      <span style={{ margin: '0 8px' }}>{showYuan(d.amount)}</span>
      {d.invoice_no && d.status !== 'issued' && <Tag>{d.status_text}</Tag>}
      {d.pdf_url && (
        <a href={d.pdf_url} target="_blank" rel="noopener noreferrer">
          查看PDF
        </a>
      )}
      {d.development && (
        <Tag color="red" style={{ marginLeft: 6 }}>
          开发环境
        </Tag>
      )}
      {d.red_of_no && <div style={muted}>冲销蓝字发票 {d.red_of_no}</div>}
      {d.issued_at && d.invoice_no && <div style={muted}>开具于 {d.issued_at}</div>}
      {d.error && (
        <div>
          <Typography.Text type="danger">开具失败：{d.error}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/**
 * 电子发票: the orders whose buyers asked for an invoice, by queue (待开票, 待红冲重开, 已开具,
 * 已红冲). 财务 (invoice.issue) issues one row or the selected rows; 客服 only looks.
 */
export function InvoicesPage() {
  const [tab, setTab] = useState<Tab>('pending');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [failures, setFailures] = useState<InvoiceIssueResult[]>([]);
  const canIssue = useCan()('invoice.issue');
  const issue = useIssueInvoices();
  const { message, modal } = App.useApp();
  const { tableProps } = usePagedTable<AdminOrderInvoiceView>(INVOICES_PATH, {
    queue: tab === 'all' ? undefined : tab,
    keyword: keyword || undefined,
  });

  const run = async (orderIds: number[]) => {
    // A refused call (400 未申请发票, 404) is shown by the API client; the queue stays as it was.
    const reply = await issue.mutateAsync({ order_ids: orderIds }).catch(() => null);
    if (!reply) return;
    const { results } = reply;
    const failed = results.filter((r) => r.result === 'failed');
    const summary = issueSummary(results);
    if (failed.length) void message.warning(summary);
    else void message.success(summary);
    setFailures(failed);
    setSelected((keys) => keys.filter((k) => !orderIds.includes(k)));
  };

  const issueBatch = () =>
    modal.confirm({
      title: `为所选 ${selected.length} 个订单开具电子发票？`,
      content: '待红冲重开的订单将先红冲原发票，再按实付金额重新开具。',
      okText: '开具',
      cancelText: '取消',
      onOk: () => run(selected),
    });

  const columns: TableColumnsType<AdminOrderInvoiceView> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 190,
      render: (no: string, r) => (
        <div>
          <Link to={`/orders/${r.order_id}`}>{no}</Link>
          <div style={muted}>
            {r.order_status_text} · {r.ordered_at}
          </div>
        </div>
      ),
    },
    { title: '会员（公司）', dataIndex: 'company', width: 180, render: (v: string) => v || '—' },
    { title: '发票类型', dataIndex: 'type_text', width: 120 },
    {
      title: '抬头 / 税号',
      key: 'title',
      width: 240,
      render: (_, r) => (
        <div>
          <div>{r.title}</div>
          <div style={muted}>{r.tax_no || '—'}</div>
          {(r.address || r.phone) && (
            <div style={muted}>
              {r.address} {r.phone}
            </div>
          )}
          {(r.bank || r.account) && (
            <div style={muted}>
              {r.bank} {r.account}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '开票金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (v: string) => showYuan(v),
    },
    {
      title: '状态',
      dataIndex: 'queue',
      width: 110,
      render: (q: AdminInvoiceQueue, r) => <Tag color={QUEUE_COLOR[q]}>{r.queue_text}</Tag>,
    },
    {
      title: '发票',
      key: 'documents',
      render: (_, r) =>
        r.documents.length ? r.documents.map((d) => <Document key={d.id} d={d} />) : <span>—</span>,
    },
  ];
  if (canIssue) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, r) =>
        issuable(r) ? (
          <Button
            type="link"
            size="small"
            loading={issue.isPending && issue.variables?.order_ids.includes(r.order_id)}
            disabled={issue.isPending}
            onClick={() => void run([r.order_id])}
          >
            {r.queue === 'reissue' ? '红冲并重开' : '开具'}
          </Button>
        ) : null,
    });
  }

  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          aria-label="搜索发票"
          placeholder="订单号、发票号码、抬头、税号、公司"
          style={{ width: 320 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
      </Space>
      {failures.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setFailures([]) }}
          style={{ marginBottom: 12 }}
          title={`${failures.length}个订单开具失败，可稍后重试`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {failures.map((f) => (
                <li key={f.order_id}>
                  订单 {f.order_no}：{f.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          setSelected([]);
        }}
        items={TABS}
        tabBarExtraContent={
          canIssue ? (
            <Button type="primary" disabled={selected.length === 0 || issue.isPending} onClick={issueBatch}>
              批量开具{selected.length > 0 ? `（${selected.length}）` : ''}
            </Button>
          ) : null
        }
      />
      <Table<AdminOrderInvoiceView>
        rowKey="order_id"
        size="middle"
        columns={columns}
        scroll={{ x: 1400 }}
        rowSelection={
          canIssue
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: !issuable(r) }),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        {...tableProps}
      />
    </div>
  );
}
