import { useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
  type UploadFile,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { QI_REPORT_RULES, batchNoSchema, type AdminGoodsRow, type QiReportView } from '@kc/domain';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { GoodsSelect, useCan, usePagedTable } from '../../../shared';
import { QI_REPORTS_PATH, useDeleteQiReport, useUploadQiReport } from '../api';

const MB = QI_REPORT_RULES.maxBytes / 1024 / 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png';
const ACCEPTED = /\.(pdf|jpe?g|png)$/i;

const muted = { color: '#999', fontSize: 12 } as const;
const dash = (v: string) => v || '—';

/** How a goods reads in the upload form's picker: name, specification, maker, approval number. */
const goodsText = (g: AdminGoodsRow) =>
  `${g.name} ${g.ypgg}（${g.sccj}）${g.approval_no ? ` ${g.approval_no}` : ''}`;

interface UploadValues {
  goods_id: number;
  batch_no: string;
  file: UploadFile[];
}

/**
 * 上传质检报告: the goods, the batch and the file (PDF/JPG/PNG ≤ 5 MB, checked here before
 * sending). The server's refusal (422) is shown by the API client and the form stays open.
 */
function UploadModal(props: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadQiReport();

  const save = () =>
    form.validateFields().then(
      (v) =>
        upload
          .mutateAsync({
            goodsId: v.goods_id,
            batchNo: v.batch_no.trim(),
            file: v.file[0]!.originFileObj as File,
          })
          .then(
            () => {
              void message.success('质检报告已上传');
              form.resetFields();
              props.onClose();
            },
            () => undefined,
          ),
      () => undefined,
    );

  return (
    <Modal
      title="上传质检报告"
      open={props.open}
      okText="上传"
      cancelText="取消"
      onOk={save}
      onCancel={props.onClose}
      confirmLoading={upload.isPending}
      forceRender
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="goods_id" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
          <GoodsSelect aria-label="商品" format={goodsText} />
        </Form.Item>
        <Form.Item name="batch_no" label="批号" required rules={[zodRule(batchNoSchema, '批号')]}>
          <Input maxLength={40} aria-label="批号" placeholder="与药品包装上的批号一致" />
        </Form.Item>
        <Form.Item
          name="file"
          label="文件"
          required
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[
            {
              validator: (_, v: UploadFile[] | undefined) =>
                v?.length ? Promise.resolve() : Promise.reject(new Error('请选择质检报告文件')),
            },
          ]}
          extra={`支持PDF、JPG或PNG，不超过${MB}MB；同一商品同一批号再次上传将替换原报告。`}
        >
          <Upload
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(f) => {
              if (!ACCEPTED.test(f.name)) {
                void message.error('仅支持PDF、JPG或PNG文件');
                return Upload.LIST_IGNORE;
              }
              if (f.size > QI_REPORT_RULES.maxBytes) {
                void message.error(`文件不能超过${MB}MB`);
                return Upload.LIST_IGNORE;
              }
              // Kept in the form; sent with the batch on 上传.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 质检报告: one report per goods and batch, as buyers find them on the goods page and their
 * orders. Every operator may look; 仓库 (qi.edit) uploads (a second upload of the same goods
 * and batch replaces the report) and deletes.
 */
export function QiReportsPage() {
  const [keyword, setKeyword] = useState('');
  const [uploading, setUploading] = useState(false);
  const canEdit = useCan()('qi.edit');
  const remove = useDeleteQiReport();
  const { message } = App.useApp();
  const { tableProps } = usePagedTable<QiReportView>(QI_REPORTS_PATH, { keyword: keyword || undefined });

  const del = (id: number) =>
    remove.mutateAsync(id).then(
      () => void message.success('质检报告已删除'),
      // A refusal is shown by the API client.
      () => undefined,
    );

  const columns: TableColumnsType<QiReportView> = [
    {
      title: '商品',
      key: 'goods',
      width: 260,
      render: (_, r) => (
        <div>
          <div>{r.goods.name}</div>
          <div style={muted}>
            {r.goods.ypgg} · {r.goods.sccj}
          </div>
        </div>
      ),
    },
    { title: '批准文号', key: 'approval_no', width: 170, render: (_, r) => dash(r.goods.approval_no) },
    {
      title: '批号',
      dataIndex: 'batch_no',
      width: 140,
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    { title: '生产日期', dataIndex: 'produced_on', width: 110, render: dash },
    { title: '有效期至', dataIndex: 'expires_on', width: 110, render: dash },
    { title: '上传时间', dataIndex: 'uploaded_at', width: 170 },
    {
      title: '文件',
      key: 'file',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={r.mime === 'application/pdf' ? 'red' : 'blue'}>
            {r.mime === 'application/pdf' ? 'PDF' : '图片'}
          </Tag>
          <a href={r.file_url} target="_blank" rel="noopener noreferrer">
            查看
          </a>
        </Space>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Popconfirm
          title={`删除 ${r.goods.name} 批号 ${r.batch_no} 的质检报告？`}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => del(r.id)}
        >
          <Button type="link" size="small" danger disabled={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <div>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search
          allowClear
          aria-label="搜索质检报告"
          placeholder="商品、批号或批准文号"
          style={{ width: 320 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        {canEdit && (
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传质检报告
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        会员可在商品详情和订单中按批号查看质检报告。
      </Typography.Paragraph>
      <Table<QiReportView> rowKey="id" size="middle" columns={columns} scroll={{ x: 1200 }} {...tableProps} />
      {canEdit && <UploadModal open={uploading} onClose={() => setUploading(false)} />}
    </div>
  );
}
