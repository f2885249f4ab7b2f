import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAX_ADDRESSES, type AddressInput, type AddressView } from '@kc/domain';
import { ADDRESSES_KEY } from '../../../shared/session/keys';
import { addressesQuery, deleteAddress, saveAddress, setDefaultAddress } from '../api/addresses';
import { AccountShell } from '../../../shared/member/AccountShell';
import { AddressForm } from '../../../shared/forms/AddressForm';

/** /addr: delivery addresses — create, edit, delete, set the default (at most 20). */
export function AddressesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery(addressesQuery);
  const [dialog, setDialog] = useState<{ editing: AddressView | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });

  const save = useMutation({
    mutationFn: (input: AddressInput) => saveAddress(input, dialog?.editing?.id),
    onSuccess: async () => {
      setDialog(null);
      void message.success('收货地址已保存');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteAddress, onSuccess: refresh });
  const makeDefault = useMutation({ mutationFn: setDefaultAddress, onSuccess: refresh });
  const count = list.data?.length ?? 0;

  return (
    <AccountShell
      title="收货地址"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={count >= MAX_ADDRESSES}
          onClick={() => setDialog({ editing: null })}
        >
          新增收货地址
        </Button>
      }
    >
      <p style={{ color: '#666', fontSize: 13 }}>
        已保存 {count} 个地址，最多 {MAX_ADDRESSES} 个。
      </p>
      <Table<AddressView>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: '还没有收货地址' }}
        columns={[
          { title: '收货人', dataIndex: 'consignee', width: 100 },
          { title: '所在地区', dataIndex: 'region', width: 180 },
          {
            title: '详细地址',
            render: (_v, a) => (
              <>
                {a.address} {a.is_default === 1 && <Tag color="blue">默认</Tag>}
              </>
            ),
          },
          { title: '手机号码', dataIndex: 'phone', width: 120 },
          {
            title: '操作',
            width: 200,
            render: (_v, a) => (
              <Space size="small">
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDialog({ editing: a })}
                  aria-label={`编辑 ${a.consignee}`}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除这个收货地址吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.mutate(a.id)}
                >
                  <Button type="link" size="small" danger aria-label={`删除 ${a.consignee}`}>
                    删除
                  </Button>
                </Popconfirm>
                {a.is_default !== 1 && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => makeDefault.mutate(a.id)}
                    aria-label={`设为默认 ${a.consignee}`}
                  >
                    设为默认
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AddressForm
        key={dialog?.editing?.id ?? 'new'}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        pending={save.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(input) => save.mutate(input)}
      />
    </AccountShell>
  );
}
