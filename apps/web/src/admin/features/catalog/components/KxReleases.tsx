import { App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import type { KxReleaseView } from '@kc/domain';
import { useCatalogWrite, useKxReleases } from '../api';

const GROUPS = ['', '药店', '诊所', '医院', '批发企业'];

/** 控销授权: which buyer groups and regions may see and buy a 控销 goods. */
export function KxReleases({ goodsId, editable }: { goodsId: number; editable: boolean }) {
  const { message, modal } = App.useApp();
  const list = useKxReleases(goodsId).data ?? [];
  const write = useCatalogWrite();
  const [form] = Form.useForm();
  const add = (v: { buyer_group?: string; region?: string }) =>
    write
      .mutateAsync({
        path: '/api/admin/kx_releases',
        body: { goods_id: goodsId, buyer_group: v.buyer_group ?? '', region: v.region ?? '' },
      })
      .then(
        () => {
          void message.success('控销授权已添加');
          form.resetFields();
        },
        () => undefined,
      );
  const remove = (r: KxReleaseView) =>
    modal.confirm({
      title: '删除这条控销授权？',
      content: `${r.buyer_group || '所有类型'} / ${r.region || '所有地区'}`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () =>
        write.mutateAsync({ path: `/api/admin/kx_releases/${r.id}`, del: true }).then(
          () => undefined,
          () => undefined,
        ),
    });
  return (
    <Card title="控销授权（仅以下买家可见可买）">
      <Table<KxReleaseView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list}
        locale={{ emptyText: '尚无授权：该控销商品对所有买家隐藏' }}
        columns={[
          { title: '企业类型', dataIndex: 'buyer_group', render: (g: string) => g || '所有类型' },
          { title: '地区', dataIndex: 'region', render: (r: string) => r || '所有地区' },
          { title: '添加时间', dataIndex: 'created_at', render: (s: string) => s.slice(0, 10) },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'op',
                  render: (_: unknown, r: KxReleaseView) => (
                    <Button type="link" danger onClick={() => remove(r)}>
                      删除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editable && (
        <Form form={form} layout="inline" style={{ marginTop: 12 }} onFinish={add} component="div">
          <Form.Item name="buyer_group" initialValue="">
            <Select
              aria-label="授权企业类型"
              style={{ width: 130 }}
              options={GROUPS.map((g) => ({ value: g, label: g || '所有类型' }))}
            />
          </Form.Item>
          <Form.Item name="region">
            <Input aria-label="授权地区" placeholder="地区前缀，如 浙江省" style={{ width: 200 }} />
          </Form.Item>
          <Space>
            <Button onClick={() => form.submit()} loading={write.isPending}>
              添加授权
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
