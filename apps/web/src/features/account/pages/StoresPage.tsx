import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { StoreView } from '@kc/domain';
import { storesQuery, switchStore } from '../api/stores';
import { USER_KEY } from '../../../shared/session/keys';
import { isMember, useUser } from '../../../shared/session/user';
import { AccountShell } from '../../../shared/member/AccountShell';
import { MEMBER_STATUS } from '../components/status';

/** /ddgl: the stores behind the member's mobile; switch to one, or register another. */
export function StoresPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const phone = isMember(user) ? user.phone : '';
  const stores = useQuery(storesQuery(phone));
  const switching = useMutation({
    mutationFn: switchStore,
    onSuccess: async () => {
      // Everything shown so far belonged to the other store.
      await queryClient.invalidateQueries();
      await queryClient.refetchQueries({ queryKey: USER_KEY });
      void navigate('/user');
    },
  });
  return (
    <AccountShell
      title="多店管理"
      extra={
        <Link to="/register_dd">
          <Button type="primary" icon={<PlusOutlined />}>
            添加门店
          </Button>
        </Link>
      }
    >
      <p style={{ color: '#666', fontSize: 13 }}>
        手机号 {phone} 下的全部门店，每家门店的资质、订单和账户独立。
      </p>
      <Table<StoreView>
        rowKey="id"
        size="small"
        pagination={false}
        loading={stores.isLoading}
        dataSource={stores.data ?? []}
        columns={[
          { title: '门店（企业名称）', render: (_v, st) => st.company || '（未填写企业信息）' },
          { title: '用户名', dataIndex: 'username' },
          { title: '企业类型', dataIndex: 'company_type' },
          {
            title: '资质状态',
            render: (_v, st) => (
              <Tag color={MEMBER_STATUS[st.status].color}>{MEMBER_STATUS[st.status].text}</Tag>
            ),
          },
          {
            title: '操作',
            render: (_v, st) =>
              st.is_current === 1 ? (
                <Tag color="blue">当前门店</Tag>
              ) : (
                <Button
                  size="small"
                  loading={switching.isPending && switching.variables === st.id}
                  onClick={() => switching.mutate(st.id)}
                >
                  切换到此门店
                </Button>
              ),
          },
        ]}
      />
    </AccountShell>
  );
}
