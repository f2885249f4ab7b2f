import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { adminWarehouseSchema, fieldErrors, type AdminWarehouse } from '@kc/domain';
import { useCan } from '../../../shared';
import { useCatalogWrite, useWarehouses } from '../api';
import { validated } from '../components/validated';

type Editing = null | { id: number | null; values: Partial<AdminWarehouse> };

/** 仓库管理: the warehouses goods ship from (商品的发货仓), added and renamed with goods.edit. */
export function WarehousesPage() {
  const { message } = App.useApp();
  const editable = useCan()('goods.edit');
  const list = useWarehouses();
  const write = useCatalogWrite<AdminWarehouse>();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm();
  const open = (e: Editing) => {
    setEditing(e);
    form.resetFields();
    form.setFieldsValue({ name: '', region: '', ...e?.values });
  };
  const save = () =>
    validated<{ name: string; region?: string }>(form).then((v) => {
      const body = { name: v.name, region: v.region ?? '' };
      // The server's own schema first: the same messages without a round trip.
      const checked = adminWarehouseSchema.safeParse(body);
      if (!checked.success) {
        form.setFields(
          Object.entries(fieldErrors(checked.error)).map(([name, msg]) => ({ name, errors: [msg] })),
        );
        return;
      }
      const path = editing?.id ? `/api/admin/warehouses/${editing.id}` : '/api/admin/warehouses';
      return write.mutateAsync({ path, body: checked.data }).then(
        () => {
          void message.success(editing?.id ? '仓库已保存' : '仓库已添加');
          setEditing(null);
        },
        () => undefined,
      );
    });
  const columns: TableColumnsType<AdminWarehouse> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '仓库名称', dataIndex: 'name' },
    {
      title: '所在地区',
      dataIndex: 'region',
      render: (r: string) => r || <Typography.Text type="secondary">未填写</Typography.Text>,
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, w: AdminWarehouse) => (
              <Button
                type="link"
                size="small"
                aria-label={`编辑 ${w.name}`}
                onClick={() => open({ id: w.id, values: w })}
              >
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title="仓库管理"
      extra={
        editable && (
          <Button type="primary" onClick={() => open({ id: null, values: {} })}>
            新增仓库
          </Button>
        )
      }
    >
      <Table<AdminWarehouse>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={{ hideOnSinglePage: true, pageSize: 20 }}
      />
      <Modal
        title={editing?.id ? '编辑仓库' : '新增仓库'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText="保存"
        confirmLoading={write.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="仓库名称" rules={[{ required: true, message: '请输入仓库名称' }]}>
            <Input maxLength={30} placeholder="如 杭州仓" />
          </Form.Item>
          <Form.Item name="region" label="所在地区">
            <Input maxLength={60} placeholder="如 浙江省杭州市" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
