import { Link, useSearchParams } from 'react-router';
import { Empty, Input, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import {
  ORDER_INVOICE_STATES,
  type InvoiceDocView,
  type OrderInvoiceState,
  type OrderInvoiceView,
} from '@kc/domain';
import { AccountShell } from '../../../shared/member/AccountShell';
import { INVOICE_PAGE_SIZE, useInvoiceList } from '../api/invoices';

const COLOR: Record<OrderInvoiceState, string> = { issuing: 'orange', issued: 'green', flushed: 'default' };
const STATES = Object.keys(ORDER_INVOICE_STATES) as OrderInvoiceState[];
const isState = (v: string | null): v is OrderInvoiceState => STATES.includes(v as OrderInvoiceState);

/** One invoice document: its kind, number and amount, and the PDF once issued. */
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
      <span style={{ margin: '0 8px' }}>¥{d.amount}</span>
      {d.status === 'flushed' && <Tag>已红冲</Tag>}
      {d.pdf_url && (
        <a href={d.pdf_url} target="_blank" rel="noreferrer">
          下载PDF
        </a>
      )}
      {d.development && (
        <Tooltip title="开发环境开具的模拟发票，不作报销凭证">
          <Tag color="warning" style={{ marginLeft: 6 }}>
            模拟
          </Tag>
        </Tooltip>
      )}
    </div>
  );
}

/**
 * /dzfp (zzfw_dzfp, and the header's 电子发票查询): my orders that asked for an invoice, with
 * the state of each and the PDFs to download, 红字 invoices included after a refund.
 */
export function InvoicePage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const status = isState(url.get('status')) ? (url.get('status') as OrderInvoiceState) : '';
  const keyword = url.get('keyword') ?? '';
  const { data, isPending } = useInvoiceList({ page, status, keyword });
  const go = (next: { page?: number; status?: string; keyword?: string }) => {
    const merged = { status, keyword, page: 1, ...next };
    const params: Record<string, string> = {};
    if (merged.status) params.status = merged.status;
    if (merged.keyword) params.keyword = merged.keyword;
    if (merged.page > 1) params.page = String(merged.page);
    setUrl(params);
  };
  return (
    <AccountShell title="电子发票">
      <p style={{ color: '#666', marginTop: 0 }}>
        下单时选择开具发票的订单，付款后由财务开具电子发票（普通发票或增值税专用发票），开具后可在此下载 PDF。
        发生退货退款或取消订单时，原发票将红冲作废，并按实际金额重新开具。
      </p>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={status}
          onChange={(v) => go({ status: String(v) })}
          options={[
            { label: '全部', value: '' },
            ...STATES.map((s) => ({ label: ORDER_INVOICE_STATES[s], value: s })),
          ]}
        />
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder="订单号或发票号码"
          aria-label="订单号或发票号码"
          style={{ width: 260 }}
          onSearch={(v) => go({ keyword: v.trim() })}
        />
      </Space>
      <Table<OrderInvoiceView>
        rowKey="order_id"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无发票记录" /> }}
        pagination={{
          current: page,
          pageSize: INVOICE_PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (p) => go({ page: p }),
        }}
        columns={[
          {
            title: '订单',
            key: 'order',
            width: 190,
            render: (_, r) => (
              <>
                <Link to={`/order/info/${r.order_id}`}>{r.order_no}</Link>
                <div style={{ color: '#999', fontSize: 12 }}>
                  {r.ordered_at} · {r.order_status_text}
                </div>
              </>
            ),
          },
          {
            title: '发票类型 / 抬头',
            key: 'title',
            width: 220,
            render: (_, r) => (
              <>
                <div>{r.type_text}</div>
                <div>{r.title}</div>
                <div style={{ color: '#999', fontSize: 12 }}>税号 {r.tax_no}</div>
              </>
            ),
          },
          { title: '开票金额', key: 'amount', width: 100, render: (_, r) => `¥${r.amount}` },
          {
            title: '状态',
            key: 'status',
            width: 90,
            render: (_, r) => <Tag color={COLOR[r.status]}>{r.status_text}</Tag>,
          },
          {
            title: '发票',
            key: 'documents',
            render: (_, r) =>
              r.documents.length ? (
                r.documents.map((d) => <Document key={d.id} d={d} />)
              ) : (
                <span style={{ color: '#999' }}>财务开具后可下载</span>
              ),
          },
        ]}
      />
    </AccountShell>
  );
}
