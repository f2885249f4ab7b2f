import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Select, Space } from 'antd';
import { OPERATOR_ROLES, OPERATOR_ROLE_LABELS, type OperatorRole, type OperatorView } from '@kc/domain';
import { OPERATORS_PATH, useOperatorWrite } from '../api';

export const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABELS[r] }));

interface Values {
  username: string;
  name: string;
  phone: string;
  role: OperatorRole;
  password?: string;
}

/**
 * New account (editing = null) or an edit of name, phone and role. The server checks the
 * same rules (packages/domain admin-operators.ts) and answers a field's message on 422.
 */
export function OperatorDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: OperatorView | null;
  onClose: () => void;
  onSaved: (o: OperatorView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useOperatorWrite();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        username: editing.username,
        name: editing.name,
        phone: editing.phone,
        role: editing.role,
      });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    const saved = editing
      ? await write.mutateAsync({
          path: `${OPERATORS_PATH}/${editing.id}`,
          body: { name: v.name, phone: v.phone ?? '', role: v.role },
        })
      : await write.mutateAsync({ path: OPERATORS_PATH, body: { ...v, phone: v.phone ?? '' } });
    onSaved(saved);
  };

  return (
    <Drawer
      title={editing ? `编辑运营人员：${editing.username}` : '新建运营人员'}
      open={open}
      onClose={onClose}
      size={440}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={write.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => {})}
        initialValues={{ role: 'service' }}
      >
        <Form.Item
          name="username"
          label="用户名"
          rules={[
            { required: true, message: '请填写用户名' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_]{2,29}$/,
              message: '用户名为3到30位字母、数字或下划线，以字母开头',
            },
          ]}
        >
          <Input disabled={!!editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请填写姓名' }, { max: 20 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[{ pattern: /^1[3-9]\d{9}$/, message: '手机号格式有误' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label="初始密码"
            extra="8到64位，须同时包含字母和数字"
            rules={[
              { required: true, message: '请输入密码' },
              { min: 8, message: '密码至少8位' },
              { max: 64, message: '密码最多64位' },
              { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '密码需同时包含字母和数字' },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
