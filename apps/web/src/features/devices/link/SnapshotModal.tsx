import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSnapshotMutation } from '../../../api/device-link/snapshot';

interface Shot {
  url: string;
  at: string;
}

/** Takes a snapshot as soon as it opens and shows the JPEG the device sent. */
export function SnapshotModal({ deviceId, name, onClose }: { deviceId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snapshot = useSnapshotMutation();
  const [shot, setShot] = useState<Shot | null>(null);
  const { mutate } = snapshot;

  const started = useRef(false);

  const take = useCallback(
    () =>
      mutate(deviceId, {
        onSuccess: (blob) => setShot({ url: URL.createObjectURL(blob), at: dayjs().format('YYYY-MM-DD HH:mm:ss') }),
      }),
    [deviceId, mutate],
  );

  // Once per opening (StrictMode runs effects twice; a snapshot is a real command to a device).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    take();
  }, [take]);

  // The previous picture's object URL is released when a new one replaces it, and on close.
  useEffect(() => () => void (shot && URL.revokeObjectURL(shot.url)), [shot]);

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
            <Button icon={<DownloadOutlined />} href={shot.url} download={`${name}-${shot.at}.jpg`}>
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
              src={shot.url}
              alt={t('deviceLink.snapshot.alt', { name })}
              data-testid="device-snapshot"
              style={{ maxWidth: '100%', maxHeight: '60vh' }}
            />
            <Typography.Text type="secondary">{t('deviceLink.snapshot.takenAt', { time: shot.at })}</Typography.Text>
          </Flex>
        ) : snapshot.isError ? (
          <Result status="warning" title={snapshot.error.message} />
        ) : (
          <div style={{ minHeight: 240 }} />
        )}
      </Spin>
    </Modal>
  );
}
