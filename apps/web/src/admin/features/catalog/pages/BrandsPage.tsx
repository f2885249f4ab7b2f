import { validated } from '../components/validated';
import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Table, type TableColumnsType } from 'antd';
import type { AdminBrand } from '@kc/domain';
import { useCan } from '../../../shared';
import { useBrands, useCatalogWrite } from '../api';

type Editing = null | { id: number | null; values: Partial<AdminBrand> };

/** 品牌管理: brands with their company, sort and how many goods carry them. */
export function BrandsPage() {
  const { message } = App.useApp();
  const editable = useCan()('goods.edit');
  const list = useBrands();
  const write = useCatalogWrite<AdminBrand>();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm();
  const open = (e: Editing) => {
    setEditing(e);
    form.resetFields();
    form.setFieldsValue({ sort: 0, ...e?.values });
  };
  const save = () =>
    validated(form).then((v) =>
      write
        .mutateAsync({ path: editing?.id ? `/api/admin/brands/${editing.id}` : '/api/admin/brands', body: v })
        .then(
          () => {
            void message.success(editing?.id ? '品牌已保存' : '品牌已添加');
            setEditing(null);
          },
          () => undefined,
        ),
    );
  const columns: TableColumnsType<AdminBrand> = [
    { title: '品牌', dataIndex: 'name', width: 160 },
    { title: '所属企业', dataIndex: 'company' },
    { title: '介绍', dataIndex: 'description', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '商品数', dataIndex: 'goods_count', width: 90 },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, b: AdminBrand) => (
              <Button type="link" size="small" onClick={() => open({ id: b.id, values: b })}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title="品牌管理"
      extra={
        editable && (
          <Button type="primary" onClick={() => open({ id: null, values: {} })}>
            新增品牌
          </Button>
        )
      }
    >
      <Table<AdminBrand>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
      />
      <Modal
        title={editing?.id ? '编辑品牌' : '新增品牌'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={write.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="品牌名称" rules={[{ required: true, message: '请输入品牌名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="company" label="所属企业">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="logo" label="品牌图标地址">
            <Input maxLength={500} placeholder="/uploads/brands/xxx.png" />
          </Form.Item>
          <Form.Item name="description" label="品牌介绍">
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
