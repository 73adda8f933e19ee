import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHEET_LANGS, type ImportRowError, type SheetLang } from '@siteops/contracts/deviceSheet';
import { VISITOR_DEVICE_IMPORT_COLUMNS, type ImportVisitorDevicesAnswer } from '@siteops/contracts/visitorDevice';
import { visitorApi } from '@siteops/contracts/api/visitor';
import { useDownload, useUploadMutation } from '@/api/queries';

const sheetLang = (language: string): SheetLang =>
  (SHEET_LANGS as readonly string[]).includes(language) ? (language as SheetLang) : 'zh-CN';

/**
 * Import the visitor device list from an xlsx (serial number, direction): the template in the user's
 * language, the upload, and the rows that failed by row number and column. Nothing is written when any
 * row fails.
 */
export function DeviceImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = sheetLang(i18n.language);
  const template = useDownload(visitorApi.deviceTemplate, 'visitor-device-import-template.xlsx');
  const upload = useUploadMutation(visitorApi.importDevices);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportVisitorDevicesAnswer | null>(null);

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setAnswer(null);
    upload.reset();
    onClose();
  };

  const start = async () => {
    if (!file) return;
    setAnswer(null);
    try {
      const form = new FormData();
      form.append('file', file);
      setAnswer(await upload.mutateAsync({ form, input: { lang } }));
    } catch {
      // The client has shown the server's message.
    }
  };

  const columnLabel = (key: string | null) => VISITOR_DEVICE_IMPORT_COLUMNS.find((c) => c.key === key)?.[lang] ?? '';
  return (
    <Modal
      open={open}
      title={t('visitorDevices.importTitle')}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={upload.isPending}>
          {t('visitorDevices.importDialog.close')}
        </Button>,
        <Button key="start" type="primary" disabled={!file} loading={upload.isPending} onClick={() => void start()}>
          {t('visitorDevices.importDialog.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex align="center" gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate({ lang })}>
            {t('visitorDevices.importDialog.template')}
          </Button>
          <Typography.Text type="secondary">{t('visitorDevices.importHint')}</Typography.Text>
        </Flex>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setAnswer(null);
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
          <p className="ant-upload-text">{t('visitorDevices.importDialog.drop')}</p>
        </Upload.Dragger>
        {answer && (
          <Flex vertical gap={8} data-testid="import-result">
            <Alert
              type={answer.committed ? 'success' : 'error'}
              showIcon
              title={
                answer.committed
                  ? t('visitorDevices.importDialog.committed')
                  : t('visitorDevices.importDialog.notCommitted')
              }
              description={t('visitorDevices.importSummary', {
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
                  { key: 'row', dataIndex: 'row', title: t('visitorDevices.importDialog.row'), width: 80 },
                  {
                    key: 'column',
                    dataIndex: 'column',
                    title: t('visitorDevices.importDialog.column'),
                    width: 140,
                    render: (c: string | null) => columnLabel(c),
                  },
                  { key: 'message', dataIndex: 'message', title: t('visitorDevices.importDialog.message') },
                ]}
              />
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
