import { Button, Card, Descriptions, Space, Typography } from 'antd';
import type { QualificationDocumentView } from '../types';
import { DaysLeftTag, DocumentStatusTag } from './labels';

interface Props {
  doc: QualificationDocumentView;
  canReview: boolean;
  onApprove: () => void;
  onReject: () => void;
  onEdit: () => void;
}

/** The document's file shown inline: an image, or the PDF in a frame. */
export function DocumentPreview({
  doc,
}: {
  doc: Pick<QualificationDocumentView, 'image' | 'mime' | 'type_name'>;
}) {
  if (doc.mime.startsWith('image/')) {
    return (
      <a href={doc.image} target="_blank" rel="noreferrer">
        <img
          src={doc.image}
          alt={doc.type_name}
          style={{ width: '100%', maxHeight: 320, objectFit: 'contain', background: '#fafafa' }}
        />
      </a>
    );
  }
  // A frame, not <object>: the pages' CSP has object-src 'none'; the file reply allows framing by this origin.
  return (
    <>
      <iframe
        src={doc.image}
        title={doc.type_name}
        style={{ width: '100%', height: 320, border: '1px solid #f0f0f0' }}
      />
    </>
  );
}

/** One qualification document: the file, its number and dates, its review state and actions. */
export function DocumentCard({ doc, canReview, onApprove, onReject, onEdit }: Props) {
  return (
    <Card
      size="small"
      title={doc.type_name}
      extra={<DocumentStatusTag status={doc.status} name={doc.status_name} />}
      actions={
        canReview
          ? [
              ...(doc.status === 'pending'
                ? [
                    <Button key="ok" type="link" onClick={onApprove}>
                      通过
                    </Button>,
                    <Button key="no" type="link" danger onClick={onReject}>
                      驳回
                    </Button>,
                  ]
                : []),
              <Button key="edit" type="link" onClick={onEdit}>
                修改
              </Button>,
            ]
          : undefined
      }
    >
      <DocumentPreview doc={doc} />
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 12 }}
        items={[
          { key: 'no', label: '证件编号', children: doc.number },
          { key: 'from', label: '发证日期', children: doc.valid_from ?? '—' },
          {
            key: 'to',
            label: '有效期至',
            children: (
              <Space size={4}>
                {doc.valid_to}
                <DaysLeftTag days={doc.days_left} />
              </Space>
            ),
          },
          ...(doc.reject_reason
            ? [
                {
                  key: 'why',
                  label: '驳回原因',
                  children: <Typography.Text type="danger">{doc.reject_reason}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      <a href={doc.image} target="_blank" rel="noreferrer">
        在新窗口查看原件
      </a>
    </Card>
  );
}
