import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Radio, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_IMPORT_MODES,
  type DeviceImportMode,
  type ImportDevicesAnswer,
  type ImportRowError,
} from '@siteops/contracts/deviceSheet';
import { deviceApi } from '@siteops/contracts/api/device';
import { useDownload, useUploadMutation } from '@/api/queries';
import { sheetLang } from '@/features/devices/sheetLang';
import { columnLabel } from './importColumns';

/**
 * Import devices from an xlsx: template in the user's language, upload with progress, the mode
 * (nothing if any row fails, or the valid rows), and the rows that failed by row number and column.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = sheetLang(i18n.language);
  const template = useDownload(deviceApi.importTemplate, 'device-import-template.xlsx');
  const upload = useUploadMutation(deviceApi.import);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<DeviceImportMode>('all-or-nothing');
  const [sent, setSent] = useState(0);
  const [answer, setAnswer] = useState<ImportDevicesAnswer | null>(null);

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setAnswer(null);
    setSent(0);
    upload.reset();
    onClose();
  };

  const start = async () => {
    if (!file) return;
    setAnswer(null);
    setSent(0);
    try {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', file);
      setAnswer(await upload.mutateAsync({ form, input: { mode, lang }, onProgress: setSent }));
    } catch {
      // The client has shown the server's message.
    }
  };

  const percent = Math.round(sent * 100);
  return (
    <Modal
      open={open}
      title={t('devices.import.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={upload.isPending}>
          {t('devices.import.close')}
        </Button>,
        <Button key="start" type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
          {t('devices.import.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex align="center" gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate({ lang })}>
            {t('devices.import.template')}
          </Button>
          <Typography.Text type="secondary">{t('devices.import.templateHint')}</Typography.Text>
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
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('devices.import.drop')}</p>
        </Upload.Dragger>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as DeviceImportMode)}
          options={DEVICE_IMPORT_MODES.map((m) => ({ value: m, label: t(`devices.import.mode.${m}`) }))}
        />
        {(upload.isPending || sent > 0) && (
          <div>
            <Progress
              percent={percent}
              status={upload.isError ? 'exception' : upload.isPending ? 'active' : 'normal'}
            />
            {upload.isPending && sent >= 1 && (
              <Typography.Text type="secondary">{t('devices.import.checking')}</Typography.Text>
            )}
          </div>
        )}
        {answer && <ImportResult answer={answer} lang={lang} />}
      </Flex>
    </Modal>
  );
}

function ImportResult({ answer, lang }: { answer: ImportDevicesAnswer; lang: string }) {
  const { t } = useTranslation();
  const summary = t('devices.import.summary', {
    rows: answer.rows,
    created: answer.created,
    updated: answer.updated,
    failed: answer.failed,
  });
  const type = answer.failed === 0 ? 'success' : answer.committed ? 'warning' : 'error';
  return (
    <Flex vertical gap={8} data-testid="import-result">
      <Alert
        type={type}
        showIcon
        title={answer.committed ? t('devices.import.committed') : t('devices.import.notCommitted')}
        description={summary}
      />
      {answer.errors.length > 0 && (
        <Table<ImportRowError>
          size="small"
          rowKey={(e) => `${e.row}:${e.column ?? ''}:${e.message}`}
          dataSource={answer.errors}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('devices.import.row'), width: 80 },
            {
              key: 'column',
              dataIndex: 'column',
              title: t('devices.import.column'),
              width: 160,
              render: (c: string | null) => columnLabel(c, lang),
            },
            { key: 'message', dataIndex: 'message', title: t('devices.import.message') },
          ]}
        />
      )}
    </Flex>
  );
}
