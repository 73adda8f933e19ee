import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Modal, Spin, type MenuProps } from 'antd';
import { CameraOutlined, CodeOutlined, DesktopOutlined, PoweroffOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transportCarries, type DeviceType } from '@siteops/contracts/device-protocol';
import { useOpenDoorMutation } from '@/api/device-link/openDoor';
import { useRebootMutation } from '@/api/device-link/reboot';
import { remoteControlUrl } from '@/api/device-link/remote';
import { usePermission } from '@/hooks/usePermission';
import { message, modal, notification } from '@/lib/feedback';
import { SnapshotModal } from './SnapshotModal';
import { LINK_ROLES, canOpenDoor, canSnapshot } from './capabilities';
import { commandErrorText, noteOfflineAnswer } from './commandError';
import { formatClock } from '@/lib/time';

/** xterm.js is big: it loads only when someone opens a terminal. */
const TerminalView = lazy(() => import('./TerminalView'));

export interface LinkedDevice {
  id: number;
  /** The registry answers the type as text; anything but the nine protocol types gets the common items. */
  type: DeviceType | (string & {});
  onlineStatus: 'online' | 'offline' | 'unknown' | (string & {});
  devName?: string | null;
  sn: string;
  /** How it last linked (ws, mqtt, hj212): an HJ 212 monitor carries none of these commands. */
  transport?: string | null;
}

type MenuItem = NonNullable<MenuProps['items']>[number];
type Dialog = 'snapshot' | 'terminal' | null;

/**
 * The remote commands of one device as menu items (snapshot, open door, reboot, remote control in a
 * new tab, terminal) and the dialogs they open. They live in a row's "more" menu so the status columns
 * stay in view. Admins and agents only; the server checks again. An offline device's items are disabled
 * under a line saying why; a device that drops in between is answered by the server at once, and its
 * message is shown.
 */
export function useDeviceLinkMenu(device: LinkedDevice): { items: MenuItem[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const allowed = usePermission(LINK_ROLES);
  const [dialog, setDialog] = useState<Dialog>(null);
  const openDoor = useOpenDoorMutation();
  const reboot = useRebootMutation();
  const client = useQueryClient();
  if (!allowed) return { items: [], dialogs: null };

  const name = device.devName || device.sn;
  const offline = device.onlineStatus !== 'online';

  const reportFailure = (error: unknown) => {
    noteOfflineAnswer(error, client, device.id);
    message().error(commandErrorText(error, t));
  };
  /** Resolves either way: a rejected onOk would keep the confirm dialog open and spinning. */
  const confirmThen = (title: string, action: () => Promise<void>, danger = false) =>
    modal().confirm({
      title,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: () => action().catch(reportFailure),
    });

  const doOpenDoor = async () => {
    const result = await openDoor.mutateAsync({ id: device.id });
    notification().success({
      title: t('deviceLink.openDoor.title'),
      description: t('deviceLink.openDoor.success', {
        door: result.door,
        time: formatClock(result.openedAt),
        closes: formatClock(result.closesAt),
      }),
    });
  };
  const doReboot = async () => {
    const result = await reboot.mutateAsync(device.id);
    message().success(t('deviceLink.reboot.success', { time: formatClock(result.rebootAt) }));
  };
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

  const commands = [
    canSnapshot(device.type) && {
      key: 'snapshot',
      method: 'snapshot',
      icon: <CameraOutlined />,
      label: t('deviceLink.actions.snapshot'),
      onClick: () => setDialog('snapshot'),
    },
    canOpenDoor(device.type) && {
      key: 'openDoor',
      method: 'openDoor',
      icon: <UnlockOutlined />,
      label: t('deviceLink.actions.openDoor'),
      onClick: () => confirmThen(t('deviceLink.openDoor.confirm', { name }), doOpenDoor),
    },
    {
      key: 'reboot',
      method: 'reboot',
      icon: <PoweroffOutlined />,
      label: t('deviceLink.actions.reboot'),
      danger: true,
      onClick: () => confirmThen(t('deviceLink.reboot.confirm', { name }), doReboot, true),
    },
    {
      key: 'remote',
      method: 'http.request',
      icon: <DesktopOutlined />,
      label: t('deviceLink.actions.remote'),
      onClick: openRemote,
    },
    {
      key: 'terminal',
      method: 'shell.open',
      icon: <CodeOutlined />,
      label: t('deviceLink.actions.terminal'),
      onClick: () => setDialog('terminal'),
    },
  ].filter((item) => item !== false);
  const carried = commands.filter((c) => transportCarries(device.transport, c.method));
  // What the device's transport cannot carry stays in view, disabled, under a line saying why.
  const notCarried: MenuItem[] = commands
    .filter((c) => !transportCarries(device.transport, c.method))
    .map(({ method: _, ...item }) => ({ ...item, disabled: true }));
  const usable: MenuItem[] = carried.map(({ method: _, ...item }) => ({ ...item, disabled: offline }));

  const items: MenuItem[] = [
    ...(offline && usable.length
      ? [{ type: 'group' as const, key: 'offline', label: t('deviceLink.offlineTip'), children: usable }]
      : usable),
    ...(notCarried.length
      ? [
          {
            type: 'group' as const,
            key: 'transport',
            label: t('deviceLink.notOnTransport', {
              transport: t(`devices.transport.${device.transport}`, { defaultValue: device.transport ?? '' }),
            }),
            children: notCarried,
          },
        ]
      : []),
  ];

  const dialogs = (
    <>
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
  return { items, dialogs };
}
