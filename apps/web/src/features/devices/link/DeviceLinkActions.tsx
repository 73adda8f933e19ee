import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Modal, Popconfirm, Space, Spin, Tooltip } from 'antd';
import { CameraOutlined, CodeOutlined, DesktopOutlined, PoweroffOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { useOpenDoorMutation } from '../../../api/device-link/openDoor';
import { useRebootMutation } from '../../../api/device-link/reboot';
import { remoteControlUrl } from '../../../api/device-link/remote';
import { usePermission } from '../../../hooks/usePermission';
import { message, notification } from '../../../lib/feedback';
import { SnapshotModal } from './SnapshotModal';
import { LINK_ROLES, canOpenDoor, canSnapshot } from './capabilities';
import { commandErrorText, noteOfflineAnswer } from './commandError';

/** xterm.js is big: it loads only when someone opens a terminal. */
const TerminalView = lazy(() => import('./TerminalView'));

export interface LinkedDevice {
  id: number;
  /** The registry answers the type as text; anything but the nine protocol types gets the common buttons. */
  type: DeviceType | (string & {});
  onlineStatus: 'online' | 'offline' | 'unknown' | (string & {});
  devName?: string | null;
  sn: string;
}

type Dialog = 'snapshot' | 'terminal' | null;

/**
 * The remote buttons of one device row: snapshot, open door (access terminals), reboot, remote
 * control (the HTTP tunnel in a new tab) and terminal. Admins and agents only; the server checks again.
 * Offline devices get disabled buttons with the reason; a device that drops in between is answered
 * by the server at once, and its message is shown.
 */
export function DeviceLinkActions({ device }: { device: LinkedDevice }) {
  const { t } = useTranslation();
  const allowed = usePermission(LINK_ROLES);
  const [dialog, setDialog] = useState<Dialog>(null);
  const openDoor = useOpenDoorMutation();
  const reboot = useRebootMutation();
  const client = useQueryClient();
  if (!allowed) return null;

  const name = device.devName || device.sn;
  const online = device.onlineStatus === 'online';
  const offlineTip = online ? undefined : t('deviceLink.offlineTip');
  const withTip = (node: ReactNode, key: string) => (
    <Tooltip key={key} title={offlineTip}>
      {node}
    </Tooltip>
  );

  const doOpenDoor = async () => {
    const result = await openDoor.mutateAsync({ id: device.id });
    notification().success({
      title: t('deviceLink.openDoor.title'),
      description: t('deviceLink.openDoor.success', {
        door: result.door,
        time: dayjs(result.openedAt).format('HH:mm:ss'),
        closes: dayjs(result.closesAt).format('HH:mm:ss'),
      }),
    });
  };
  const doReboot = async () => {
    const result = await reboot.mutateAsync(device.id);
    message().success(t('deviceLink.reboot.success', { time: dayjs(result.rebootAt).format('HH:mm:ss') }));
  };
  const reportFailure = (error: unknown) => {
    noteOfflineAnswer(error, client, device.id);
    message().error(commandErrorText(error, t));
  };
  const guarded = (action: () => Promise<void>) => () => action().catch(reportFailure);
  const openRemote = () => {
    // Opened now, inside the click, so no popup blocker objects; pointed at the tunnel once the ticket is there.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    remoteControlUrl(device.id).then(
      (url) => {
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
      },
      () => tab?.close(),
    );
  };

  const buttons: ReactNode[] = [];
  if (canSnapshot(device.type)) {
    buttons.push(
      withTip(
        <Button
          type="link"
          size="small"
          icon={<CameraOutlined />}
          disabled={!online}
          onClick={() => setDialog('snapshot')}
        >
          {t('deviceLink.actions.snapshot')}
        </Button>,
        'snapshot',
      ),
    );
  }
  if (canOpenDoor(device.type)) {
    buttons.push(
      withTip(
        <Popconfirm
          title={t('deviceLink.openDoor.confirm', { name })}
          disabled={!online}
          onConfirm={guarded(doOpenDoor)}
        >
          <Button type="link" size="small" icon={<UnlockOutlined />} disabled={!online} loading={openDoor.isPending}>
            {t('deviceLink.actions.openDoor')}
          </Button>
        </Popconfirm>,
        'openDoor',
      ),
    );
  }
  buttons.push(
    withTip(
      <Popconfirm title={t('deviceLink.reboot.confirm', { name })} disabled={!online} onConfirm={guarded(doReboot)}>
        <Button
          type="link"
          size="small"
          danger
          icon={<PoweroffOutlined />}
          disabled={!online}
          loading={reboot.isPending}
        >
          {t('deviceLink.actions.reboot')}
        </Button>
      </Popconfirm>,
      'reboot',
    ),
    withTip(
      <Button type="link" size="small" icon={<DesktopOutlined />} disabled={!online} onClick={openRemote}>
        {t('deviceLink.actions.remote')}
      </Button>,
      'remote',
    ),
    withTip(
      <Button type="link" size="small" icon={<CodeOutlined />} disabled={!online} onClick={() => setDialog('terminal')}>
        {t('deviceLink.actions.terminal')}
      </Button>,
      'terminal',
    ),
  );

  return (
    <>
      <Space size={0} wrap>
        {buttons}
      </Space>
      {dialog === 'snapshot' && <SnapshotModal deviceId={device.id} name={name} onClose={() => setDialog(null)} />}
      <Modal
        open={dialog === 'terminal'}
        title={t('deviceLink.terminal.title', { name })}
        width={920}
        footer={null}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => setDialog(null)}
      >
        {dialog === 'terminal' && (
          <Suspense fallback={<Spin />}>
            <TerminalView
              deviceId={device.id}
              onClosed={(reason) => {
                setDialog(null);
                message().info(
                  reason ? t('deviceLink.terminal.closedReason', { reason }) : t('deviceLink.terminal.closed'),
                );
              }}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
