import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportRowError } from '@siteops/contracts/device/sheet';
import { jobTopicOf, type JobProgress } from '@siteops/contracts/live/schemas';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';
import { useDownload, useUploadMutation } from '@/api/queries';
import { sheetLang } from '@/lib/sheetLang';
import { liveTopicHeld, useLiveTopics } from '@/hooks/useLiveTopics';
import { useUserStore } from '@/stores/user';
import { sheetColumnLabel, type SheetColumn } from './sheetColumns';
import { DropHint } from '@/components/upload/DropHint';

/** What every sheet import answers: counts, whether anything was written, and the rows that failed. */
export interface SheetImportAnswer {
  rows: number;
  created: number;
  updated: number;
  failed: number;
  committed: boolean;
  errors: ImportRowError[];
}

/** The dialog's own words: a feature's message group that follows the naming below, or each text given. */
type SheetImportWords =
  | {
      /** `<messages>.importTitle`, `.importHint` (the template's hint) and `.import` (the start button). */
      messages: 'labour' | 'visitorDevices';
      title?: never;
      templateHint?: never;
      startLabel?: never;
    }
  | {
      messages?: never;
      title: string;
      /** What the sheet holds and what importing it does. */
      templateHint: string;
      /** The start button's label, where the feature words it its own way. */
      startLabel?: string;
    };

type SheetImportDialogProps = SheetImportWords & {
  open: boolean;
  onClose: () => void;
  template: { endpoint: Endpoint; fileName: string };
  /** The upload endpoint; its input is the sheet's language plus `fields`. */
  upload: Endpoint;
  columns: readonly SheetColumn[];
  /** Choices sent with the file (form fields and input alike), e.g. the device import's mode. */
  fields?: Record<string, string>;
  /** The controls for those choices, under the drop zone. */
  options?: ReactNode;
  width?: number;
  /**
   * The upload endpoint takes a `jobId` and publishes its progress on the live topic `job:<userId>:<jobId>`
   * (contracts/live/schemas.ts): the dialog shows the server's steps once the file is sent.
   */
  jobProgress?: boolean;
};

/** A UUID v4 from getRandomValues: crypto.randomUUID exists only on https or localhost. */
function newJobId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Import from an xlsx: the template in the user's language, the upload with its progress, and the rows
 * that failed by row number and column. Devices, workers and the visitor device list import through it.
 */
export function SheetImportDialog(props: SheetImportDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = sheetLang(i18n.language);
  const words = props.messages
    ? {
        title: t(`${props.messages}.importTitle`),
        templateHint: t(`${props.messages}.importHint`),
        startLabel: t(`${props.messages}.import`),
      }
    : props;
  const template = useDownload(props.template.endpoint, props.template.fileName);
  const upload = useUploadMutation(props.upload);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [answer, setAnswer] = useState<SheetImportAnswer | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [job, setJob] = useState<JobProgress | null>(null);
  // A job's topic names its owner: the server refuses a tab another user's job.
  const userId = useUserStore((s) => s.info?.id);
  const topic = jobId && userId ? jobTopicOf(userId, jobId) : null;
  useLiveTopics(topic ? [topic] : [], (m) => {
    if (m.type === 'job' && m.topic === topic) setJob(m.data as JobProgress);
  });

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setAnswer(null);
    setSent(0);
    setJobId(null);
    setJob(null);
    upload.reset();
    props.onClose();
  };

  const start = async () => {
    if (!file) return;
    setAnswer(null);
    setSent(0);
    setJob(null);
    const id = props.jobProgress && userId ? newJobId() : null;
    setJobId(id);
    try {
      // Progress is published as the server works: listen before it starts (a moment at most).
      if (id && userId) await liveTopicHeld(jobTopicOf(userId, id));
      const form = new FormData();
      for (const [name, value] of Object.entries(props.fields ?? {})) form.append(name, value);
      form.append('file', file);
      const input = { ...props.fields, lang, ...(id && { jobId: id }) } as never;
      setAnswer((await upload.mutateAsync({ form, input, onProgress: setSent })) as SheetImportAnswer);
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <Modal
      open={props.open}
      title={words.title}
      onCancel={close}
      width={props.width ?? 760}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={upload.isPending}>
          {t('sheetImport.close')}
        </Button>,
        <Button key="start" type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
          {words.startLabel ?? t('sheetImport.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex align="center" gap={8} wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate({ lang } as never)}
          >
            {t('sheetImport.template')}
          </Button>
          <Typography.Text type="secondary">{words.templateHint}</Typography.Text>
        </Flex>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setAnswer(null);
            setSent(0);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          disabled={upload.isPending}
          data-testid="import-upload"
        >
          <DropHint text={t('sheetImport.drop')} />
        </Upload.Dragger>
        {props.options}
        {(upload.isPending || sent > 0) && (
          <div>
            <Progress
              percent={Math.round(sent * 100)}
              status={upload.isError ? 'exception' : upload.isPending ? 'active' : 'normal'}
            />
            {upload.isPending && sent >= 1 && <ServerStep job={job} />}
          </div>
        )}
        {answer && <ImportResult answer={answer} label={(c) => sheetColumnLabel(props.columns, c, lang)} />}
      </Flex>
    </Modal>
  );
}

/** What the server is doing with the sent file: its job's step when it reports one, else that it checks. */
function ServerStep({ job }: { job: JobProgress | null }) {
  const { t } = useTranslation();
  if (!job || job.state !== 'running' || !['reading', 'checking', 'writing'].includes(job.step))
    return <Typography.Text type="secondary">{t('sheetImport.checking')}</Typography.Text>;
  return (
    <div data-testid="import-server-step">
      {job.step === 'writing' && job.total > 0 && (
        <Progress percent={Math.round((job.done * 100) / job.total)} status="active" size="small" />
      )}
      <Typography.Text type="secondary">
        {t(`sheetImport.step.${job.step}`, { done: job.done, total: job.total })}
      </Typography.Text>
    </div>
  );
}

function ImportResult({ answer, label }: { answer: SheetImportAnswer; label: (column: string | null) => string }) {
  const { t } = useTranslation();
  const type = answer.failed === 0 ? 'success' : answer.committed ? 'warning' : 'error';
  return (
    <Flex vertical gap={8} data-testid="import-result">
      <Alert
        type={type}
        showIcon
        title={answer.committed ? t('sheetImport.committed') : t('sheetImport.notCommitted')}
        description={t('sheetImport.summary', {
          rows: answer.rows,
          created: answer.created,
          updated: answer.updated,
          failed: answer.failed,
        })}
      />
      {answer.errors.length > 0 && (
        <Table<ImportRowError>
          size="small"
          rowKey={(e) => `${e.row}:${e.column ?? ''}:${e.message}`}
          dataSource={answer.errors}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('sheetImport.row'), width: 80 },
            { key: 'column', dataIndex: 'column', title: t('sheetImport.column'), width: 160, render: label },
            { key: 'message', dataIndex: 'message', title: t('sheetImport.message') },
          ]}
        />
      )}
    </Flex>
  );
}
