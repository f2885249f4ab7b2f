import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Progress, Segmented, Space, Statistic, Table, Typography, Upload } from 'antd';
import { CheckOutlined, DownloadOutlined, FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportJobView,
  type ImportKind,
  type ImportReport,
  type ImportRowError,
} from '@kc/domain';
import { TIMEOUT_CODE, isApiError } from '../../../../shared/api';
import { downloadFile } from '../../../shared';
import { GOODS_EXPORT_PATH, LOTS_EXPORT_PATH, importFile, importJob, templatePath } from '../api';

/** How often the progress bar asks the server while an import runs. */
export const POLL_MS = 700;
const MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

type Running = { mode: 'dry' | 'commit'; job: string } | null;

const errorColumns = [
  { title: '行', dataIndex: 'row', key: 'row', width: 80 },
  { title: '列', dataIndex: 'column', key: 'column', width: 140 },
  { title: '原因', dataIndex: 'message', key: 'message' },
];

function progressOf(p: ImportJobView | null) {
  if (!p) return { percent: 0, text: '正在上传文件…' };
  const percent = p.rows_total > 0 ? Math.min(100, Math.floor((p.rows_done / p.rows_total) * 100)) : 0;
  // While checking, rows_total is the file's own estimate (its declared last row, its lines).
  if (p.phase === 'check')
    return {
      percent,
      text:
        p.rows_total > 0
          ? `第一步 校验：${p.rows_done} / 约 ${p.rows_total} 行`
          : `第一步 校验：已校验 ${p.rows_done} 行`,
    };
  return { percent, text: `第二步 写入：${p.rows_done} / ${p.rows_total} 行` };
}

/**
 * 导入导出: choose what to import, download its template, pick a file, 预检 (a dry run that
 * lists every bad row), then 确认导入 — enabled only after a clean dry run of the same file.
 * A progress bar polls the job while the call runs; a call that outlives the client's
 * timeout is followed to its end through the job. The exports download .xlsx or .csv.
 */
export function ImportsPage() {
  const [kind, setKind] = useState<ImportKind>('goods');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState<Running>(null);
  const [progress, setProgress] = useState<ImportJobView | null>(null);
  const [busyExport, setBusyExport] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  // Poll the job while a call runs (each poll waits for the previous answer).
  useEffect(() => {
    if (!running) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const p = await importJob(running.job);
        if (!stop) setProgress(p);
      } catch {
        /* not started yet (404) or a blip: the next tick asks again */
      }
      if (!stop) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [running]);

  const reset = () => {
    setReport(null);
    setFailure(null);
    setProgress(null);
  };

  /** Follows a job whose call timed out on the client until the server says it is done. */
  const follow = async (job: string): Promise<ImportReport> => {
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const p = await importJob(job);
      if (p.status === 'done' && p.report) return p.report;
      if (p.status === 'failed') throw new Error('导入失败，请稍后重试');
    }
  };

  const run = async (mode: 'dry' | 'commit') => {
    if (!file) return;
    const job = crypto.randomUUID();
    reset();
    setRunning({ mode, job });
    try {
      let r: ImportReport;
      try {
        r = await importFile(kind, file, mode === 'dry', job);
      } catch (err) {
        if (isApiError(err) && err.code === TIMEOUT_CODE) r = await follow(job);
        else throw err;
      }
      if (mounted.current) setReport(r);
    } catch (err) {
      if (mounted.current) setFailure(err instanceof Error ? err.message : '导入失败，请稍后重试');
    } finally {
      if (mounted.current) setRunning(null);
    }
  };

  const exportFile = async (key: string, path: string, params: Record<string, string>, name: string) => {
    setBusyExport(key);
    try {
      await downloadFile(path, params, name);
    } catch {
      /* shown by the client */
    } finally {
      setBusyExport(null);
    }
  };

  const label = IMPORT_KIND_LABELS[kind];
  const clean = report !== null && report.dry_run && report.error_count === 0 && report.rows > 0;
  const { percent, text } = progressOf(progress);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="表格导入">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Segmented
              aria-label="导入内容"
              value={kind}
              options={IMPORT_KINDS.map((k) => ({ label: IMPORT_KIND_LABELS[k], value: k }))}
              onChange={(v) => {
                setKind(v as ImportKind);
                reset();
              }}
              disabled={running !== null}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={busyExport === 'template'}
              onClick={() => exportFile('template', templatePath(kind), {}, `${label}导入模板.xlsx`)}
            >
              下载{label}模板
            </Button>
          </Space>
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              setFile(f);
              reset();
              return false;
            }}
            onRemove={() => {
              setFile(null);
              reset();
            }}
            disabled={running !== null}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
          <Typography.Text type="secondary">
            支持.xlsx或.csv（UTF-8或GBK），不超过{MB}MB，第一行为表头。先预检；有任何错误时不会导入任何一行。
          </Typography.Text>
          <Space>
            <Button
              icon={<FileSearchOutlined />}
              disabled={!file || running !== null}
              loading={running?.mode === 'dry'}
              onClick={() => void run('dry')}
            >
              预检
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={!clean || running !== null}
              loading={running?.mode === 'commit'}
              onClick={() => void run('commit')}
            >
              确认导入
            </Button>
          </Space>
          {running && (
            <div>
              <Progress percent={percent} status="active" aria-label="导入进度" />
              <Typography.Text type="secondary">{text}</Typography.Text>
            </div>
          )}
          {failure && <Alert type="error" showIcon title={failure} />}
          {report && <ReportView report={report} />}
        </Space>
      </Card>
      <Card title="导出">
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={busyExport === 'goods-xlsx'}
            onClick={() => exportFile('goods-xlsx', GOODS_EXPORT_PATH, { format: 'xlsx' }, '商品.xlsx')}
          >
            导出商品（Excel）
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busyExport === 'goods-csv'}
            onClick={() => exportFile('goods-csv', GOODS_EXPORT_PATH, { format: 'csv' }, '商品.csv')}
          >
            导出商品（CSV）
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busyExport === 'lots-xlsx'}
            onClick={() => exportFile('lots-xlsx', LOTS_EXPORT_PATH, { format: 'xlsx' }, '批号库存.xlsx')}
          >
            导出批号库存（Excel）
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          导出的商品表格可修改后原样导入：有ID的行更新该商品，不会重复新增。批号库存导出是库存报表，再次导入会重复入库。
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  const errors = report.error_count > 0;
  const verdict = errors
    ? `发现 ${report.error_count} 个错误，未导入任何数据。请修改文件后重新预检。`
    : report.committed
      ? `导入完成：新增 ${report.created} 条，更新 ${report.updated} 条。`
      : report.rows === 0
        ? '文件没有数据行。'
        : `预检通过：将新增 ${report.created} 条，更新 ${report.updated} 条。确认无误后点击“确认导入”。`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space size="large">
        <Statistic title="数据行" value={report.rows} />
        <Statistic title={report.committed ? '已新增' : '将新增'} value={report.created} />
        <Statistic title={report.committed ? '已更新' : '将更新'} value={report.updated} />
        <Statistic
          title="错误"
          value={report.error_count}
          styles={{ content: errors ? { color: '#cf1322' } : undefined }}
        />
      </Space>
      <Alert type={errors ? 'error' : 'success'} showIcon title={verdict} />
      {errors && (
        <Table<ImportRowError>
          size="small"
          rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
          columns={errorColumns}
          dataSource={report.errors}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          footer={
            report.error_count > report.errors.length
              ? () => `仅列出前 ${report.errors.length} 个错误，共 ${report.error_count} 个`
              : undefined
          }
        />
      )}
    </Space>
  );
}
