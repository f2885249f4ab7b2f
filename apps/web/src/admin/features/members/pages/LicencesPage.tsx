import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, Input, Table, Tabs, type TableColumnsType } from 'antd';
import { LICENCE_BUCKETS, LICENCE_BUCKET_LABELS } from '@kc/domain';
import { usePagedTable } from '../../../shared';
import { LICENCES_PATH } from '../api';
import { DaysLeftTag } from '../components/labels';
import type { LicenceBucket, LicenceExpiringBoard, LicenceExpiringRow } from '../types';

const STATUS = { pending: '审核中', approved: '已通过', rejected: '未通过' } as const;

const columns: TableColumnsType<LicenceExpiringRow> = [
  {
    title: '企业名称',
    dataIndex: 'company',
    render: (c: string, r) => <Link to={`/members/${r.member_id}`}>{c || r.username}</Link>,
  },
  { title: '用户名', dataIndex: 'username', width: 110 },
  { title: '手机', dataIndex: 'phone', width: 120 },
  { title: '证件类型', dataIndex: 'type_name', width: 170 },
  { title: '证件编号', dataIndex: 'number' },
  { title: '有效期至', dataIndex: 'valid_to', width: 110 },
  {
    title: '剩余天数',
    dataIndex: 'days_left',
    width: 120,
    render: (d: number) => <DaysLeftTag days={d} />,
  },
  { title: '状态', dataIndex: 'status', width: 80, render: (s: LicenceExpiringRow['status']) => STATUS[s] },
  {
    title: '操作',
    key: 'op',
    width: 150,
    render: (_: unknown, r) => (
      <>
        <a href={r.file} target="_blank" rel="noreferrer">
          查看证件
        </a>
        <Link to={`/members/${r.member_id}`} style={{ marginLeft: 12 }}>
          会员详情
        </Link>
      </>
    ),
  },
];

const isBucket = (s: string | null): s is LicenceBucket =>
  (LICENCE_BUCKETS as readonly string[]).includes(s ?? '');
const countOf = (b: LicenceBucket, c: LicenceExpiringBoard['counts'] | undefined) =>
  c ? (b === 'expired' ? c.expired : c[`d${b}`]) : undefined;

/** 证照效期: members' licences expired or expiring within 30, 60 or 90 days. */
export function LicencesPage() {
  const [params, setParams] = useSearchParams();
  const within: LicenceBucket = isBucket(params.get('within'))
    ? (params.get('within') as LicenceBucket)
    : 'expired';
  const [keyword, setKeyword] = useState('');
  const { tableProps, query } = usePagedTable<LicenceExpiringRow>(LICENCES_PATH, {
    within,
    keyword: keyword || undefined,
  });
  const counts = (query.data as LicenceExpiringBoard | undefined)?.counts;
  return (
    <Card>
      <Tabs
        activeKey={within}
        onChange={(key) => setParams({ within: key })}
        items={LICENCE_BUCKETS.map((b) => {
          const n = countOf(b, counts);
          return {
            key: b,
            label: n === undefined ? LICENCE_BUCKET_LABELS[b] : `${LICENCE_BUCKET_LABELS[b]}（${n}）`,
          };
        })}
      />
      <Input.Search
        allowClear
        placeholder="企业名称/用户名/证件编号"
        aria-label="搜索证件"
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Table<LicenceExpiringRow> rowKey="document_id" columns={columns} size="middle" {...tableProps} />
    </Card>
  );
}
