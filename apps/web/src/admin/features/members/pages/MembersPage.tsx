import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, Card, Input, Select, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { COMPANY_TYPES } from '@kc/domain';
import { usePagedTable } from '../../../shared';
import { MEMBERS_PATH, useServiceStaff } from '../api';
import { DisabledTag, MemberStatusTag } from '../components/labels';
import type { AdminMemberRow } from '../types';

const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'rejected', label: '已驳回' },
  { key: 'all', label: '全部' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const isTab = (s: string | null): s is TabKey => TABS.some((t) => t.key === s);

const columns: TableColumnsType<AdminMemberRow> = [
  {
    title: '企业名称',
    dataIndex: 'company',
    width: 200,
    render: (company: string, m) => <Link to={`/members/${m.id}`}>{company || m.username}</Link>,
  },
  { title: '用户名', dataIndex: 'username' },
  { title: '企业类型', dataIndex: 'company_type', width: 90 },
  { title: '联系人', dataIndex: 'contact', width: 90 },
  { title: '手机', dataIndex: 'phone', width: 120 },
  { title: '所在地区', dataIndex: 'region' },
  {
    title: '审核状态',
    dataIndex: 'status',
    width: 90,
    render: (_: unknown, m) => <MemberStatusTag status={m.status} />,
  },
  {
    title: '待审证件',
    dataIndex: 'pending_documents',
    width: 90,
    render: (n: number) => (n > 0 ? <Badge count={n} /> : '—'),
  },
  { title: '专属客服', dataIndex: 'service_staff_name', width: 100, render: (s: string) => s || '未分配' },
  {
    title: '账号',
    dataIndex: 'disabled',
    width: 80,
    render: (d: boolean) => <DisabledTag disabled={d} />,
  },
  {
    title: '注册时间',
    dataIndex: 'created_at',
    width: 110,
    render: (s: string) => s.slice(0, 10),
  },
  {
    title: '操作',
    key: 'op',
    width: 80,
    render: (_: unknown, m) => (
      <Link to={`/members/${m.id}`}>{m.status === 'pending' ? '审核' : '查看'}</Link>
    ),
  },
];

/** 会员审核 / 会员列表: the review queue by state, with search and filters. */
export function MembersPage() {
  const [params, setParams] = useSearchParams();
  const status: TabKey = isTab(params.get('status')) ? (params.get('status') as TabKey) : 'pending';
  const [keyword, setKeyword] = useState('');
  const [companyType, setCompanyType] = useState<string>();
  const [region, setRegion] = useState('');
  const [staff, setStaff] = useState<number>();
  const [disabled, setDisabled] = useState<number>();
  const staffList = useServiceStaff().data ?? [];
  const { tableProps } = usePagedTable<AdminMemberRow>(MEMBERS_PATH, {
    status,
    keyword: keyword || undefined,
    company_type: companyType,
    region: region || undefined,
    service_staff_id: staff,
    disabled,
  });

  return (
    <Card>
      <Tabs
        activeKey={status}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        onChange={(key) => setParams({ status: key })}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="用户名/企业/联系人/手机/证照编号"
          aria-label="搜索会员"
          style={{ width: 280 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Select
          allowClear
          placeholder="企业类型"
          aria-label="企业类型"
          style={{ width: 120 }}
          value={companyType}
          onChange={setCompanyType}
          options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <Input.Search
          allowClear
          placeholder="地区，如 浙江省 杭州市"
          aria-label="地区"
          style={{ width: 200 }}
          onSearch={(v) => setRegion(v.trim())}
        />
        <Select
          allowClear
          placeholder="专属客服"
          aria-label="专属客服"
          style={{ width: 130 }}
          value={staff}
          onChange={setStaff}
          options={[{ value: 0, label: '未分配' }, ...staffList.map((s) => ({ value: s.id, label: s.name }))]}
        />
        <Select
          allowClear
          placeholder="账号状态"
          aria-label="账号状态"
          style={{ width: 110 }}
          value={disabled}
          onChange={setDisabled}
          options={[
            { value: 0, label: '正常' },
            { value: 1, label: '已停用' },
          ]}
        />
      </Space>
      <Table<AdminMemberRow> rowKey="id" columns={columns} size="middle" {...tableProps} />
    </Card>
  );
}
