import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { REPORT_TITLES, type ReportColumn, type ReportName } from '@kc/domain';
import { downloadFile, usePagedTable } from '../../../shared';

/** The call of each report under /api/admin (docs/api/admin-reports.md). */
export const reportPath = (name: ReportName) => `/api/admin/reports/${name}`;

const DAY = 'YYYY-MM-DD';
type Filters = Record<string, string | number | undefined>;

/** This month so far, in the browser's calendar (the server reads the dates as China dates). */
export function thisMonth(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.startOf('month'), today];
}

export interface ReportPageProps<R> {
  name: ReportName;
  columns: readonly ReportColumn<R>[];
  keywordPlaceholder: string;
  /** Extra filter fields of this report (form items whose names are query parameters). */
  extraFilters?: ReactNode;
  /** Cells shown otherwise than as plain text. */
  render?: Partial<Record<keyof R & string, (value: unknown, row: R) => ReactNode>>;
  /** A line under the title (what the record holds, where it comes from). */
  note?: ReactNode;
}

interface FormValues {
  range: [Dayjs, Dayjs];
  keyword?: string;
  [extra: string]: unknown;
}

/** A column's pixels from its export width (characters); wide text is cut with an ellipsis. */
const columnWidth = (chars: number) => Math.max(72, chars * 9 + 16);

function toFilters(v: FormValues): Filters {
  const { range, ...rest } = v;
  const filters: Filters = { from: range[0].format(DAY), to: range[1].format(DAY) };
  for (const [k, x] of Object.entries(rest)) {
    if (x !== undefined && x !== null && x !== '') filters[k] = typeof x === 'number' ? x : String(x).trim();
  }
  return filters;
}

/**
 * One compliance record: a filter form (date range, this month by default; keyword; the
 * report's own fields), the table page by page, and 导出Excel with the same filters (the
 * whole range, streamed by the server).
 */
export function ReportPage<R extends { id: number }>(props: ReportPageProps<R>) {
  const { name, columns, render = {} } = props;
  const title = REPORT_TITLES[name];
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>(() => toFilters({ range: thisMonth() }));
  const [exporting, setExporting] = useState(false);
  const { tableProps, query } = usePagedTable<R>(reportPath(name), filters);
  const renders = render as Record<string, ((value: unknown, row: R) => ReactNode) | undefined>;
  const tableColumns: ColumnsType<R> = columns.map((c, i) => ({
    key: c.key,
    // The date stays in view while the wide register scrolls sideways.
    ...(i === 0 ? { fixed: 'left' as const } : {}),
    dataIndex: c.key,
    title: c.title,
    width: columnWidth(c.width),
    ellipsis: c.width >= 24,
    ...(renders[c.key] ? { render: renders[c.key] } : {}),
  }));

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadFile(
        reportPath(name),
        { ...filters, format: 'xlsx' },
        `${title}_${filters.from}_${filters.to}.xlsx`,
      );
    } catch {
      // The API client has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={title}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx}>
          导出Excel
        </Button>
      }
    >
      {props.note ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {props.note}
        </Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        layout="inline"
        initialValues={{ range: thisMonth() }}
        onFinish={(v) => setFilters(toFilters(v))}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="range" label="日期" rules={[{ required: true, message: '请选择日期范围' }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder={props.keywordPlaceholder} style={{ width: 240 }} maxLength={50} />
        </Form.Item>
        {props.extraFilters}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters(toFilters({ range: thisMonth() }));
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<R>
        rowKey="id"
        size="small"
        bordered
        columns={tableColumns}
        scroll={{ x: columns.reduce((sum, c) => sum + columnWidth(c.width), 0) }}
        {...tableProps}
        locale={{ emptyText: query.isError ? '加载失败' : '该时间段内没有记录' }}
      />
    </Card>
  );
}
