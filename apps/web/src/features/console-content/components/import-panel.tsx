/**
 * An import of the console (目录导入, 题库导入): pick the kind when there are several (each with a
 * short description of its JSON Lines format, docs/api.md, Import formats), upload the file, watch
 * the live progress bar fed by the job's server-sent events, then read the report: counts and every
 * bad line with its number and Chinese reason (exportable as CSV).
 */
import { toCsv, type ImportIssue, type ImportJob, type ImportJobKind } from '@eav/contract';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Progress, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { saveBlob } from '@/lib/download';
import { useImportJob } from '../hooks/use-import-job';
import { csvBlob } from '../lib/csv';
import { IMPORT_KINDS } from '../lib/import-kinds';
import styles from './console.module.css';

/** Largest file the server takes (bytes). */
const MAX_BYTES = 64 * 1024 * 1024;

function phaseText(job: ImportJob): string {
  // A run after the first: the server that ran the job stopped, and another runs it from the start.
  const retry = job.status === 'running' && job.attempt > 1 ? '重试中：' : '';
  if (job.phase === 'parsing') return `${retry}正在检查文件`;
  if (job.phase === 'writing') return `${retry}正在写入${IMPORT_KINDS[job.kind].label}`;
  return '已完成';
}

function exportIssues(issues: ImportIssue[], name: string) {
  const csv = toCsv(
    ['行号', 'externalId', '原因'],
    issues.map((i) => [i.line, i.externalId, i.message]),
  );
  saveBlob(csvBlob(csv), name);
}

function Report({ job }: { job: ImportJob }) {
  const r = job.report!;
  return (
    <div className={styles.stack}>
      <Descriptions
        title="导入报告"
        size="small"
        bordered
        column={6}
        items={[
          { key: 'lines', label: '总行数', children: r.lines },
          { key: 'created', label: '新增', children: r.created },
          { key: 'updated', label: '更新', children: r.updated },
          { key: 'unchanged', label: '未变化', children: r.unchanged },
          { key: 'skipped', label: '跳过', children: r.skipped.length },
          { key: 'time', label: '用时', children: `${(r.durationMs / 1000).toFixed(1)} 秒` },
        ]}
      />
      <ConsoleTable<ImportIssue>
        label="错误行"
        rows={r.skipped}
        pageSize={10}
        size="small"
        rowKey={(i) => `${i.line}-${i.message}`}
        emptyText="没有错误行"
        totalUnit="行"
        title={() => (
          <div className={styles.spread}>
            <h3 className={styles.subtitle}>错误行（{r.skipped.length}）</h3>
            <Button disabled={r.skipped.length === 0} onClick={() => exportIssues(r.skipped, '导入错误行.csv')}>
              导出 CSV
            </Button>
          </div>
        )}
        columns={[
          { title: '行号', dataIndex: 'line', width: 90 },
          { title: 'externalId', dataIndex: 'externalId', width: 200, render: (v: string | null) => v ?? '—' },
          { title: '原因', dataIndex: 'message' },
        ]}
      />
      {r.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`提示（${r.warnings.length}）`}
          description={
            <ul>
              {r.warnings.slice(0, 20).map((w) => (
                <li key={`${w.line}-${w.message}`}>
                  第 {w.line} 行：{w.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}

export interface ImportPanelProps {
  /** Kinds offered (the first is chosen at first); a choice is shown when there are several. */
  kinds: readonly ImportJobKind[];
  title: string;
}

export function ImportPanel({ kinds, title }: ImportPanelProps) {
  const [kind, setKind] = useState<ImportJobKind>(kinds[0]!);
  const { state, start, reset } = useImportJob(kind);
  const busy = state.step === 'uploading' || state.step === 'running';
  const job = state.step === 'running' || state.step === 'finished' ? state.job : null;
  const info = IMPORT_KINDS[kind];

  return (
    <Card title={<h2 className={styles.subtitle}>{title}</h2>}>
      <div className={styles.stack}>
        {kinds.length > 1 && (
          <>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              aria-label="导入类型"
              disabled={busy}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ImportJobKind);
                reset();
              }}
              options={kinds.map((k) => ({ value: k, label: IMPORT_KINDS[k].label }))}
            />
            <div>
              <p className={styles.muted}>{info.format}</p>
              <Typography.Text code copyable={{ text: info.example, tooltips: ['复制示例', '已复制'] }}>
                {info.example}
              </Typography.Text>
            </div>
          </>
        )}
        <Upload.Dragger
          accept=".jsonl,.json,.txt,.ndjson"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            if (file.size > MAX_BYTES) {
              reset();
              return Upload.LIST_IGNORE;
            }
            void start(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">点击或拖拽 JSON Lines 文件到此处开始导入</p>
          <p className="ant-upload-hint">
            {kinds.length > 1 ? `每行一条${info.label}记录` : info.format}，UTF-8 编码，最大 64 MB
          </p>
        </Upload.Dragger>
        {state.step === 'uploading' && <Alert type="info" showIcon title={`正在上传 ${state.fileName}…`} />}
        {job && (
          <div>
            <p className={styles.muted} aria-live="polite">
              {job.fileName ?? '导入文件'}：{phaseText(job)}
              {job.total > 0 && `（${job.done} / ${job.total}）`}
            </p>
            <Progress
              percent={job.percent}
              status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
              aria-label="导入进度"
            />
          </div>
        )}
        {job?.status === 'failed' && <Alert type="error" showIcon title={job.error ?? '导入失败'} />}
        {state.step === 'error' && <Alert type="error" showIcon title={state.message} />}
        {job?.status === 'done' && job.report && <Report job={job} />}
      </div>
    </Card>
  );
}
