import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Result,
  Skeleton,
  Table,
  Tag,
} from 'antd';
import {
  MAX_QUANTITY,
  buyRequestSchema,
  type BuyRequestInput,
  type BuyRequestView,
  type BuyStatus,
} from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { detailPath } from '../../../shared/goods/links';
import { AccountShell } from '../../../shared/member/AccountShell';
import { BUY_PAGE_SIZE, useBuyCreate, useBuyDetail, useBuyList } from '../api/buy';

const COLOR: Record<BuyStatus, string> = { pending: 'orange', sourced: 'green', unavailable: 'default' };
const field = buyRequestSchema.shape;

const StatusTag = ({ r }: { r: BuyRequestView }) => <Tag color={COLOR[r.status]}>{r.status_text}</Tag>;

/** /pzqg (zzfw_pzqg_index): my variety requests and their answers. */
export function BuyListPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useBuyList(page);
  return (
    <AccountShell
      title="品种求购"
      extra={
        <Link to="/pzqg/add">
          <Button type="primary">发布求购</Button>
        </Link>
      }
    >
      <p style={{ color: '#666', marginTop: 0 }}>
        找不到想要的品种？告诉我们药品名称、规格和厂家，客服会尽快为您寻找货源，上架后第一时间通知您。
      </p>
      <Table<BuyRequestView>
        rowKey="id"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无求购记录" /> }}
        pagination={{
          current: page,
          pageSize: BUY_PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (p) => setUrl(p > 1 ? { page: String(p) } : {}),
        }}
        columns={[
          { title: '药品名称', dataIndex: 'name', key: 'name' },
          { title: '规格', dataIndex: 'ypgg', key: 'ypgg', width: 120 },
          { title: '生产厂家', dataIndex: 'sccj', key: 'sccj', width: 180 },
          { title: '数量', dataIndex: 'number', key: 'number', width: 70 },
          { title: '提交时间', dataIndex: 'created_at', key: 'created_at', width: 160 },
          { title: '状态', key: 'status', width: 110, render: (_, r) => <StatusTag r={r} /> },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_, r) => (
              <>
                <Link to={`/pzqg/info?id=${r.id}`}>查看</Link>
                {r.goods && (
                  <Link to={detailPath(r.goods.id)} style={{ marginLeft: 8 }}>
                    去购买
                  </Link>
                )}
              </>
            ),
          },
        ]}
      />
    </AccountShell>
  );
}

/** /pzqg/add (zzfw_pzqg_add): files a variety request. */
export function BuyAddPage() {
  const [form] = Form.useForm<BuyRequestInput>();
  const create = useBuyCreate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const submit = async (values: BuyRequestInput) => {
    const r = await create.mutateAsync(buyRequestSchema.parse(values));
    void message.success('求购已提交，我们会尽快为您寻找货源');
    void navigate(`/pzqg/info?id=${r.id}`);
  };
  return (
    <AccountShell title="发布求购">
      <Form<BuyRequestInput>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        initialValues={{ number: 1 }}
        onFinish={submit}
      >
        <Form.Item name="name" label="药品名称" required rules={[zodRule(field.name, '药品名称')]}>
          <Input placeholder="通用名或商品名，如 达格列净片" maxLength={100} />
        </Form.Item>
        <Form.Item name="ypgg" label="规格" required rules={[zodRule(field.ypgg, '规格')]}>
          <Input placeholder="如 10mg*14片" maxLength={100} />
        </Form.Item>
        <Form.Item name="sccj" label="生产厂家" required rules={[zodRule(field.sccj, '生产厂家')]}>
          <Input placeholder="如 阿斯利康制药有限公司" maxLength={100} />
        </Form.Item>
        <Form.Item name="number" label="求购数量" required rules={[zodRule(field.number, '求购数量')]}>
          <InputNumber min={1} max={MAX_QUANTITY} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="approval_no" label="批准文号" rules={[zodRule(field.approval_no, '批准文号')]}>
          <Input placeholder="选填，如 国药准字J20170040" maxLength={50} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(field.remark, '备注')]}>
          <Input.TextArea rows={3} placeholder="选填，如期望价格、到货时间" maxLength={500} showCount />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            提交求购
          </Button>
          <Link to="/pzqg" style={{ marginLeft: 16 }}>
            返回列表
          </Link>
        </Form.Item>
      </Form>
    </AccountShell>
  );
}

/** /pzqg/info?id= (zzfw_pzqg_info): one request with the answer and, when sourced, the goods. */
export function BuyInfoPage() {
  const [url] = useSearchParams();
  const id = Number(url.get('id')) || 0;
  const { data: r, isPending, isError } = useBuyDetail(id);
  if (id <= 0 || isError) {
    return (
      <AccountShell title="求购详情">
        <Result status="404" title="求购记录不存在" extra={<Link to="/pzqg">返回品种求购</Link>} />
      </AccountShell>
    );
  }
  return (
    <AccountShell title="求购详情" extra={<Link to="/pzqg">返回列表</Link>}>
      {isPending || !r ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions bordered column={2} size="middle">
            <Descriptions.Item label="药品名称">{r.name}</Descriptions.Item>
            <Descriptions.Item label="规格">{r.ypgg}</Descriptions.Item>
            <Descriptions.Item label="生产厂家">{r.sccj}</Descriptions.Item>
            <Descriptions.Item label="求购数量">{r.number}</Descriptions.Item>
            <Descriptions.Item label="批准文号">{r.approval_no || '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{r.created_at}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {r.remark || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="处理状态">
              <StatusTag r={r} />
            </Descriptions.Item>
            <Descriptions.Item label="处理时间">{r.answered_at || '—'}</Descriptions.Item>
          </Descriptions>
          {r.status === 'pending' && (
            <Result status="info" title="客服正在为您寻找货源" subTitle="有结果后会通过“我的消息”通知您。" />
          )}
          {r.status === 'sourced' && r.goods && (
            <Result
              status="success"
              title="已找到货源"
              subTitle={`${r.goods.name} ${r.goods.ypgg}（${r.goods.sccj}）已上架${r.reply ? `。客服留言：${r.reply}` : ''}`}
              extra={
                <Link to={detailPath(r.goods.id)}>
                  <Button type="primary">去购买</Button>
                </Link>
              }
            />
          )}
          {r.status === 'unavailable' && (
            <Result status="warning" title="暂时无法供货" subTitle={`原因：${r.reply}`} />
          )}
        </>
      )}
    </AccountShell>
  );
}
