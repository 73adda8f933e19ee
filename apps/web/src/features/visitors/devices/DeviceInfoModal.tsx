import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitorDeviceItem } from '@siteops/contracts/visitor/device';
import { InfoModal } from '@/components/InfoModal';
import { time } from '@/features/visitors/visitorView';

/** The info modal of a device on the visitor list: the device, where it is, and what it holds. */
export function DeviceInfoModal({ device, onClose }: { device: VisitorDeviceItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal
      subject={device}
      title={(d) => t('visitorDevices.infoTitle', { name: d.devName ?? d.sn })}
      onClose={onClose}
      width={560}
    >
      {(d) => (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'devName', label: t('visitorDevices.devName'), children: d.devName ?? '' },
            { key: 'sn', label: t('visitorDevices.sn'), children: d.sn },
            { key: 'mac', label: t('visitorDevices.mac'), children: d.mac ?? '' },
            { key: 'type', label: t('visitorDevices.type'), children: t(`visitorDevices.types.${d.type}`) },
            {
              key: 'direction',
              label: t('visitorDevices.direction'),
              children: <Tag>{t(`visitorDevices.directions.${d.direction}`)}</Tag>,
            },
            { key: 'installSite', label: t('visitorDevices.installSite'), children: d.installSite ?? '' },
            { key: 'project', label: t('visitorDevices.project'), children: d.projectName ?? '' },
            {
              key: 'online',
              label: t('visitorDevices.online'),
              children: t(`visitorDevices.onlineStatuses.${d.onlineStatus === 'online' ? 'online' : 'offline'}`),
            },
            { key: 'persons', label: t('visitorDevices.persons'), children: d.persons },
            { key: 'pending', label: t('visitorDevices.pending'), children: d.pending },
            { key: 'createdAt', label: t('visitorDevices.createdAt'), children: time(d.createdAt) },
          ]}
        />
      )}
    </InfoModal>
  );
}
