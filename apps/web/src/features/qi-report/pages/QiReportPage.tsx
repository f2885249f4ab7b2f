import { Link, useSearchParams } from 'react-router';
import { Button, Empty, Form, Input, Table } from 'antd';
import type { QiReportView } from '@kc/domain';
import { detailPath } from '../../../shared/goods/links';
import { QI_PAGE_SIZE, useQiSearch } from '../api';
import s from './QiReportPage.module.css';

interface Filter {
  keyword: string;
  batch_no: string;
}

/**
 * /zjbg (质检报告查询, the header's link when the platform hosts the reports): reports by goods
 * and batch, each opening the warehouse's PDF or scan. The same reports are linked from the
 * goods page and from each batch of an order.
 */
export function QiReportPage() {
  const [url, setUrl] = useSearchParams();
  const keyword = url.get('keyword') ?? '';
  const batch_no = url.get('batch_no') ?? '';
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useQiSearch({ keyword, batch_no, page });
  const go = (f: Filter, p = 1) => {
    const params: Record<string, string> = {};
    if (f.keyword.trim()) params.keyword = f.keyword.trim();
    if (f.batch_no.trim()) params.batch_no = f.batch_no.trim();
    if (p > 1) params.page = String(p);
    setUrl(params);
  };
  return (
    <div className={s.page}>
      <h1>质检报告查询</h1>
      <p className={s.intro}>
        按药品名称（或拼音首字母、生产厂家、批准文号）和批号查询每批药品的质检报告；订单详情中每个批号也可直接查看。
      </p>
      <Form<Filter>
        key={`${keyword}|${batch_no}`}
        layout="inline"
        initialValues={{ keyword, batch_no }}
        onFinish={(v) => go(v)}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="keyword" label="药品">
          <Input
            placeholder="药品名称 / 拼音首字母 / 厂家 / 批准文号"
            allowClear
            style={{ width: 300 }}
            maxLength={50}
          />
        </Form.Item>
        <Form.Item name="batch_no" label="批号">
          <Input placeholder="如 B2405012" allowClear style={{ width: 180 }} maxLength={40} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Table<QiReportView>
        rowKey="id"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{
          emptyText: <Empty description="没有找到质检报告，请核对药品名称和批号，或联系您的专属客服" />,
        }}
        pagination={{
          current: page,
          pageSize: QI_PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (p) => go({ keyword, batch_no }, p),
        }}
        columns={[
          {
            title: '药品',
            key: 'goods',
            render: (_, r) => (
              <>
                <Link to={detailPath(r.goods.id)}>{r.goods.name}</Link>
                <div style={{ color: '#999', fontSize: 12 }}>{r.goods.approval_no}</div>
              </>
            ),
          },
          { title: '规格', key: 'ypgg', width: 140, render: (_, r) => r.goods.ypgg },
          { title: '生产厂家', key: 'sccj', width: 200, render: (_, r) => r.goods.sccj },
          { title: '批号', dataIndex: 'batch_no', key: 'batch_no', width: 120 },
          { title: '生产日期', dataIndex: 'produced_on', key: 'produced_on', width: 110 },
          { title: '有效期至', dataIndex: 'expires_on', key: 'expires_on', width: 110 },
          {
            title: '报告',
            key: 'file',
            width: 100,
            render: (_, r) => (
              <a href={r.file_url} target="_blank" rel="noreferrer">
                查看报告
              </a>
            ),
          },
        ]}
      />
    </div>
  );
}
