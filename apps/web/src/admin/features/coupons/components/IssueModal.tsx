import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { COMPANY_TYPES, type AdminMemberRow, type CouponAdminView, type Paginated } from '@kc/domain';
import { api } from '../../../../shared/api';
import { useCouponIssue } from '../api';

interface Values {
  target: 'members' | 'group';
  member_ids?: number[];
  company_type?: string;
  region?: string;
}

/** Approved members whose name, account or phone matches, for the picker. */
function useMemberSearch(keyword: string) {
  return useQuery({
    queryKey: ['admin', '/api/admin/members', 'coupon-picker', keyword],
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminMemberRow>>(
        '/api/admin/members',
        { status: 'approved', keyword, page: 1, page_size: 20 },
        { signal },
      ),
    enabled: keyword.length > 0,
  });
}

/**
 * 发放: to members found by search, or to a group of approved members (company type, region;
 * both empty = all). The server skips who already holds the per-member limit and stops at the
 * total; the result says how many were issued and skipped.
 */
export function IssueModal({ coupon, onClose }: { coupon: CouponAdminView | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const target = Form.useWatch('target', form);
  const found = useMemberSearch(keyword);
  const issue = useCouponIssue();
  const { modal } = App.useApp();

  const submit = async (v: Values) => {
    if (!coupon) return;
    const body =
      v.target === 'members'
        ? { member_ids: v.member_ids ?? [] }
        : { group: { company_type: v.company_type ?? '', region: v.region ?? '' } };
    const r = await issue.mutateAsync({ id: coupon.id, body });
    onClose();
    modal.info({
      title: '发放完成',
      content: (
        <div>
          <p>
            已发放 {r.issued} 张，跳过 {r.skipped} 位会员。
          </p>
          {r.reasons.slice(0, 10).map((x) => (
            <div key={x.member_id}>
              会员 {x.member_id}：{x.reason}
            </div>
          ))}
        </div>
      ),
    });
  };

  return (
    <Modal
      title={coupon ? `发放优惠券：${coupon.name}` : ''}
      open={!!coupon}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="发放"
      confirmLoading={issue.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ target: 'members' }}
        onFinish={(v) => void submit(v).catch(() => {})}
        preserve={false}
      >
        <Form.Item name="target" label="发放对象">
          <Radio.Group
            options={[
              { value: 'members', label: '指定会员' },
              { value: 'group', label: '会员分组' },
            ]}
          />
        </Form.Item>
        {target !== 'group' ? (
          <Form.Item name="member_ids" label="会员" rules={[{ required: true, message: '请选择会员' }]}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
              placeholder="输入企业名称、账号或手机号搜索"
              loading={found.isFetching}
              notFoundContent={keyword ? '没有找到已审核的会员' : '请输入关键词'}
              options={(found.data?.list ?? []).map((m) => ({
                value: m.id,
                label: `${m.company}（${m.username}）`,
              }))}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="company_type" label="企业类型（不选为全部）">
              <Select allowClear options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name="region" label="地区（如：浙江省 杭州市；不填为全部）">
              <Input maxLength={40} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
