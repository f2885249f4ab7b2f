import { useRef, useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_KEYS,
  documentUploadSchema,
  type DocumentType,
  type QualificationDocumentView,
} from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { uploadDocument } from '../api/register';
import { checkDocumentFile } from './document-file';

const shape = documentUploadSchema.shape;
const rules = {
  type: [zodRule(shape.type, '证件类型')],
  number: [zodRule(shape.number, '证件编号')],
  valid_to: [zodRule(shape.valid_to, '有效期')],
};
const TYPE_OPTIONS = DOCUMENT_TYPE_KEYS.map((key) => ({ value: key, label: DOCUMENT_TYPES[key] }));

interface Values {
  type: DocumentType;
  number: string;
  valid_to: string;
}

interface Props {
  defaultType?: DocumentType;
  onUploaded: (doc: QualificationDocumentView) => void;
}

/** One qualification document: type, number, validity and a JPG/PNG/PDF of at most 5 MB. */
export function DocumentUploadForm({ defaultType, onUploaded }: Props) {
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadDocument });
  const picker = useRef<HTMLInputElement>(null);

  const choose = async (chosen: File | undefined) => {
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    const problem = await checkDocumentFile(chosen);
    if (problem) setFileError(problem);
    else setFile(chosen);
  };

  const submit = async (values: Values) => {
    if (!file) {
      setFileError(fileError ?? '请上传证件图片或PDF');
      return;
    }
    const doc = await upload.mutateAsync({ ...values, file_name: file.name, file });
    form.resetFields();
    setFile(null);
    if (picker.current) picker.current.value = '';
    onUploaded(doc);
  };

  return (
    <Form<Values>
      form={form}
      name="document"
      layout="vertical"
      initialValues={{ type: defaultType }}
      onFinish={(v) => void submit(v).catch(() => undefined)}
    >
      <Row gutter={12} align="top">
        <Col span={6}>
          <Form.Item label="证件类型" name="type" rules={rules.type}>
            <Select aria-label="证件类型" placeholder="请选择" options={TYPE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label="证件编号" name="number" rules={rules.number}>
            <Input aria-label="证件编号" />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item label="有效期至" name="valid_to" rules={rules.valid_to}>
            <Input type="date" aria-label="有效期至" />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item
            label="证件文件"
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? (file ? `已选择：${file.name}` : 'JPG、PNG或PDF，不超过5MB')}
          >
            {/* The native picker's button speaks the browser's language; ours speaks Chinese. */}
            <input
              ref={picker}
              type="file"
              aria-label="证件文件"
              accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
              style={{ display: 'none' }}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <Button icon={<PaperClipOutlined />} onClick={() => picker.current?.click()}>
              选择文件
            </Button>
          </Form.Item>
        </Col>
      </Row>
      <Button htmlType="submit" type="primary" ghost loading={upload.isPending}>
        上传证件
      </Button>
      <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 12 }}>
        证件文件仅用于资质审核，保存在平台的非公开存储中。
      </Typography.Text>
    </Form>
  );
}
