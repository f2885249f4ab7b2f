import { Table, Tag } from 'antd';
import type { QualificationDocumentView } from '@kc/domain';

const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

function validity(doc: QualificationDocumentView) {
  if (doc.expired) return <Tag color="error">已过期</Tag>;
  if (doc.expiring) return <Tag color="warning">{doc.days_left}天后到期</Tag>;
  return null;
}

/** The documents on file: type, number, validity, review state and the image (members only). */
export function DocumentTable({ docs, loading }: { docs: QualificationDocumentView[]; loading?: boolean }) {
  return (
    <Table<QualificationDocumentView>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={docs}
      locale={{ emptyText: '还没有上传证件' }}
      columns={[
        { title: '证件类型', dataIndex: 'type_name' },
        { title: '证件编号', dataIndex: 'number' },
        {
          title: '有效期至',
          render: (_v, doc) => (
            <>
              {doc.valid_to} {validity(doc)}
            </>
          ),
        },
        {
          title: '审核状态',
          render: (_v, doc) => (
            <>
              <Tag color={STATUS_COLOR[doc.status]}>{doc.status_name}</Tag>
              {doc.reject_reason && <div style={{ color: '#cf1322', fontSize: 12 }}>{doc.reject_reason}</div>}
            </>
          ),
        },
        {
          title: '证件图片',
          render: (_v, doc) =>
            doc.mime === 'application/pdf' ? (
              <a href={doc.image} target="_blank" rel="noreferrer">
                查看PDF
              </a>
            ) : (
              <a href={doc.image} target="_blank" rel="noreferrer">
                <img
                  src={doc.image}
                  alt={doc.type_name}
                  style={{ height: 48, maxWidth: 80, objectFit: 'cover' }}
                />
              </a>
            ),
        },
      ]}
    />
  );
}
