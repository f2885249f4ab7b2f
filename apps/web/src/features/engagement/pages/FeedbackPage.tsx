import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Empty, Form, Image, Input, List, Radio, Tag, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TYPES,
  feedbackSchema,
  type FeedbackInput,
  type FeedbackView,
} from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { AccountShell } from '../../../shared/member/AccountShell';
import { FEEDBACK_PAGE_SIZE, useFeedbackCreate, useFeedbackList } from '../api/feedback';

const field = feedbackSchema.shape;
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = Object.entries(FEEDBACK_TYPES).map(([k, v]) => ({ value: Number(k), label: v }));

/** The feedback form: type, text, up to three images (sent with the form) and a contact. */
function FeedbackForm() {
  const [form] = Form.useForm<FeedbackInput>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const create = useFeedbackCreate();
  const { message } = App.useApp();
  const submit = async (values: FeedbackInput) => {
    const images = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
    await create.mutateAsync({ input: feedbackSchema.parse(values), images });
    void message.success('感谢您的反馈，我们会尽快回复');
    form.resetFields();
    setFiles([]);
  };
  const accept = (file: File) => {
    if (!['image/jpeg', 'image/png'].includes(file.type)) return void message.error('仅支持JPG或PNG图片');
    if (file.size > MAX_BYTES) return void message.error('图片不能超过5MB');
    return true;
  };
  return (
    <Form<FeedbackInput>
      form={form}
      labelCol={{ span: 3 }}
      wrapperCol={{ span: 16 }}
      initialValues={{ type: 1 }}
      onFinish={submit}
      aria-label="意见反馈表单"
    >
      <Form.Item name="type" label="反馈类型" required rules={[zodRule(field.type, '反馈类型')]}>
        <Radio.Group options={TYPES} />
      </Form.Item>
      <Form.Item name="content" label="反馈内容" required rules={[zodRule(field.content, '反馈内容')]}>
        <Input.TextArea
          rows={5}
          maxLength={500}
          showCount
          placeholder="请描述您遇到的问题或建议（至少5个字）"
        />
      </Form.Item>
      <Form.Item label="图片" extra={`选填，最多${FEEDBACK_MAX_IMAGES}张，JPG或PNG，每张不超过5MB`}>
        <Upload
          listType="picture-card"
          accept="image/jpeg,image/png"
          fileList={files}
          beforeUpload={(file) => (accept(file) ? false : Upload.LIST_IGNORE)}
          onChange={({ fileList }) => setFiles(fileList.slice(0, FEEDBACK_MAX_IMAGES))}
        >
          {files.length < FEEDBACK_MAX_IMAGES && (
            <button type="button" aria-label="上传图片" style={{ border: 0, background: 'none' }}>
              <PlusOutlined />
              <div style={{ marginTop: 4 }}>上传图片</div>
            </button>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="contact" label="联系方式" rules={[zodRule(field.contact, '联系方式')]}>
        <Input placeholder="选填，手机号或QQ，方便我们联系您" maxLength={50} style={{ width: 320 }} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 3 }}>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          提交反馈
        </Button>
      </Form.Item>
    </Form>
  );
}

function FeedbackItem({ f }: { f: FeedbackView }) {
  return (
    <List.Item aria-label={`反馈 ${f.id}`}>
      <div style={{ width: '100%' }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
          <Tag color={f.type === 4 ? 'red' : 'blue'}>{f.type_text}</Tag>
          <span style={{ color: '#999' }}>{f.created_at}</span>
          <Tag color={f.status === 'replied' ? 'green' : 'orange'} style={{ marginLeft: 'auto' }}>
            {f.status_text}
          </Tag>
        </div>
        <div style={{ whiteSpace: 'pre-wrap' }}>{f.content}</div>
        {f.images.length > 0 && (
          <Image.PreviewGroup>
            <div style={{ display: 'flex', gap: 6, marginTop: 6 }}>
              {f.images.map((src, i) => (
                <Image key={src} src={src} width={64} height={64} alt={`反馈图片${i + 1}`} />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
        {f.status === 'replied' && (
          <div style={{ marginTop: 8, padding: '8px 12px', background: '#f6f8fa', borderRadius: 4 }}>
            <strong>客服回复：</strong>
            <span style={{ whiteSpace: 'pre-wrap' }}>{f.reply}</span>
            <div style={{ color: '#999', fontSize: 12 }}>{f.replied_at}</div>
          </div>
        )}
      </div>
    </List.Item>
  );
}

/** /yjfk (zzfw_yjfk): send feedback or a complaint, and read my feedback with the replies. */
export function FeedbackPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useFeedbackList(page);
  return (
    <AccountShell title="意见反馈">
      <FeedbackForm />
      <h3 style={{ marginTop: 24 }}>我的反馈</h3>
      <List<FeedbackView>
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无反馈记录" /> }}
        renderItem={(f) => <FeedbackItem f={f} />}
        pagination={
          (data?.total ?? 0) > FEEDBACK_PAGE_SIZE
            ? {
                current: page,
                pageSize: FEEDBACK_PAGE_SIZE,
                total: data?.total ?? 0,
                onChange: (p) => setUrl(p > 1 ? { page: String(p) } : {}),
              }
            : false
        }
      />
    </AccountShell>
  );
}
