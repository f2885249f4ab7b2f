import { useState } from 'react';
import {
  App,
  Button,
  Form,
  Image,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import {
  FEEDBACK_STATUS_TEXT,
  FEEDBACK_TYPES,
  COMPLAINT_TYPE,
  feedbackReplySchema,
  type AdminFeedbackView,
  type FeedbackStatus,
} from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { FEEDBACK_PATH, useFeedbackReply } from '../api';

function ReplyModal({ feedback, onClose }: { feedback: AdminFeedbackView | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reply: string }>();
  const send = useFeedbackReply();
  const { message } = App.useApp();
  const submit = async (values: { reply?: string }) => {
    const parsed = feedbackReplySchema.safeParse(values);
    if (!parsed.success) return void message.error(parsed.error.issues[0]?.message ?? '请输入回复内容');
    await send.mutateAsync({ id: feedback!.id, reply: parsed.data.reply });
    void message.success('已回复，会员将收到消息');
    onClose();
  };
  return (
    <Modal
      open={feedback !== null}
      title={feedback ? `回复${feedback.type_text}（${feedback.member_company}）` : ''}
      okText="提交回复"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {feedback && <p style={{ whiteSpace: 'pre-wrap' }}>{feedback.content}</p>}
      <Form form={form} layout="vertical" initialValues={{ reply: feedback?.reply ?? '' }} onFinish={submit}>
        <Form.Item name="reply" label="回复内容" required>
          <Input.TextArea rows={4} maxLength={500} showCount aria-label="回复内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 意见反馈: members' feedback and complaints (unanswered complaints first), replied here. */
export function FeedbackPage() {
  const [status, setStatus] = useState<FeedbackStatus | ''>('pending');
  const [type, setType] = useState<number | ''>('');
  const [replying, setReplying] = useState<AdminFeedbackView | null>(null);
  const { tableProps } = usePagedTable<AdminFeedbackView>(FEEDBACK_PATH, { status, type });
  const canReply = useCan()('engagement.reply');

  const columns: TableColumnsType<AdminFeedbackView> = [
    {
      title: '类型',
      dataIndex: 'type_text',
      width: 100,
      render: (v: string, f) => <Tag color={f.type === COMPLAINT_TYPE ? 'red' : 'blue'}>{v}</Tag>,
    },
    {
      title: '内容',
      key: 'content',
      render: (_, f) => (
        <div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{f.content}</div>
          {f.images.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4} style={{ marginTop: 4 }}>
                {f.images.map((src, i) => (
                  <Image key={src} src={src} width={48} height={48} alt={`反馈图片${i + 1}`} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        </div>
      ),
    },
    {
      title: '会员',
      key: 'member',
      width: 180,
      render: (_, f) => (
        <div>
          <div>{f.member_company}</div>
          <div style={{ color: '#999', fontSize: 12 }}>{f.contact || f.member_phone}</div>
        </div>
      ),
    },
    { title: '提交时间', dataIndex: 'created_at', width: 160 },
    {
      title: '回复',
      key: 'reply',
      width: 220,
      render: (_, f) =>
        f.status === 'replied' ? (
          <div>
            <div>{f.reply}</div>
            <div style={{ color: '#999', fontSize: 12 }}>
              {f.replied_by} {f.replied_at}
            </div>
          </div>
        ) : (
          <Tag color="orange">{f.status_text}</Tag>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, f) =>
        canReply ? (
          <Button type="link" size="small" onClick={() => setReplying(f)}>
            {f.status === 'replied' ? '修改回复' : '回复'}
          </Button>
        ) : null,
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<FeedbackStatus | ''>
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: '全部状态' },
            ...(['pending', 'replied'] as const).map((s) => ({ value: s, label: FEEDBACK_STATUS_TEXT[s] })),
          ]}
        />
        <Select<number | ''>
          aria-label="类型"
          style={{ width: 140 }}
          value={type}
          onChange={setType}
          options={[
            { value: '', label: '全部类型' },
            ...Object.entries(FEEDBACK_TYPES).map(([k, v]) => ({ value: Number(k), label: v })),
          ]}
        />
      </Space>
      <Table<AdminFeedbackView> rowKey="id" columns={columns} {...tableProps} />
      <ReplyModal feedback={replying} onClose={() => setReplying(null)} />
    </div>
  );
}
