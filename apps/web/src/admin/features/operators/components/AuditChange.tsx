import { Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import type { AuditRowView } from '@kc/domain';
import { FIELD_TEXT } from './audit-labels';

const show = (v: unknown): string =>
  v === undefined ? '—' : v === null ? '空' : typeof v === 'object' ? JSON.stringify(v) : String(v);

interface FieldRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Field by field: every key of before and after, the changed ones marked. */
export function fieldRows(before: unknown, after: unknown): FieldRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: '值', before, after, changed: show(before) !== show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((k) => ({
    field: k,
    before: isRecord(before) ? b[k] : undefined,
    after: isRecord(after) ? a[k] : undefined,
    changed: show(b[k]) !== show(a[k]),
  }));
}

const columns: TableColumnsType<FieldRow> = [
  {
    title: '字段',
    dataIndex: 'field',
    width: 200,
    render: (f: string) => (FIELD_TEXT[f] ? `${FIELD_TEXT[f]}（${f}）` : f),
  },
  {
    title: '修改前',
    dataIndex: 'before',
    render: (v: unknown, r) => (
      <Typography.Text delete={r.changed && v !== undefined}>{show(v)}</Typography.Text>
    ),
  },
  {
    title: '修改后',
    dataIndex: 'after',
    render: (v: unknown, r) => (
      <Typography.Text type={r.changed ? 'success' : undefined} strong={r.changed}>
        {show(v)}
      </Typography.Text>
    ),
  },
];

/** The expanded row of the log: before and after side by side, then the request as logged. */
export function AuditChange({ row }: { row: AuditRowView }) {
  const fields = fieldRows(row.before, row.after);
  return (
    <div>
      {fields.length > 0 ? (
        <Table<FieldRow>
          size="small"
          rowKey="field"
          pagination={false}
          columns={columns}
          dataSource={fields}
          rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
          style={{ marginBottom: 12 }}
        />
      ) : (
        <Typography.Paragraph type="secondary">此操作未记录修改前后的内容。</Typography.Paragraph>
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="请求">
          {row.method} {row.path}
        </Descriptions.Item>
        <Descriptions.Item label="提交内容">
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {row.request == null ? '无' : JSON.stringify(row.request)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="IP">{row.ip || '—'}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
