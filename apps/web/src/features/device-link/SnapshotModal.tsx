import { useCallback, useEffect, useRef } from 'react';
import { Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshotMutation } from '@/api/device-link/snapshot';
import { commandErrorText, noteOfflineAnswer } from './commandError';
import { formatDateTime } from '@/lib/time';

/** Takes a snapshot as soon as it opens and shows the JPEG the device sent. */
export function SnapshotModal({ deviceId, name, onClose }: { deviceId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const snapshot = useSnapshotMutation();
  const { mutate } = snapshot;
  const started = useRef(false);

  const take = useCallback(
    () => mutate(deviceId, { onError: (error) => noteOfflineAnswer(error, client, deviceId) }),
    [client, deviceId, mutate],
  );

  // Once per opening (StrictMode runs effects twice; a snapshot is a real command to a device).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    take();
  }, [take]);

  const shot = snapshot.data;
  const takenAt = shot ? formatDateTime(shot.takenAt) : '';
  return (
    <Modal
      open
      title={t('deviceLink.snapshot.title', { name })}
      width={720}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button icon={<ReloadOutlined />} loading={snapshot.isPending} onClick={take}>
            {t('deviceLink.snapshot.retake')}
          </Button>
          {shot && (
            <Button icon={<DownloadOutlined />} href={shot.dataUrl} download={`${name}-${takenAt}.jpg`}>
              {t('deviceLink.snapshot.download')}
            </Button>
          )}
        </Flex>
      }
    >
      <Spin spinning={snapshot.isPending} tip={t('deviceLink.snapshot.taking')}>
        {shot ? (
          <Flex vertical align="center" gap={8}>
            <img
              src={shot.dataUrl}
              alt={t('deviceLink.snapshot.alt', { name })}
              width={shot.width}
              height={shot.height}
              data-testid="device-snapshot"
              style={{ maxWidth: '100%', height: 'auto', maxHeight: '60vh' }}
            />
            <Typography.Text type="secondary">{t('deviceLink.snapshot.takenAt', { time: takenAt })}</Typography.Text>
          </Flex>
        ) : snapshot.isError ? (
          <Result status="warning" title={commandErrorText(snapshot.error, t)} />
        ) : (
          <div style={{ minHeight: 240 }} />
        )}
      </Spin>
    </Modal>
  );
}
