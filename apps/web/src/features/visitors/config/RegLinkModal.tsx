import { useEffect } from 'react';
import { Button, Flex, Modal, QRCode, Spin, Typography } from 'antd';
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VisitorConfigItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { message, modal } from '@/lib/feedback';
import { SELF_REG_ROUTE } from '@/lib/routeMeta';

const PRINTING = 'printing-reg-card';
// While printing, only the card shows (the modal lives outside #root, the page behind it is hidden).
const PRINT_CSS = `@media print {
  body.${PRINTING} * { visibility: hidden !important; }
  body.${PRINTING} .reg-card, body.${PRINTING} .reg-card * { visibility: visible !important; }
  body.${PRINTING} .reg-card { position: fixed; inset: 0; margin: auto; height: max-content; }
}`;

function printCard() {
  document.body.classList.add(PRINTING);
  const done = () => {
    document.body.classList.remove(PRINTING);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/**
 * A project's self-registration QR code (admin): the card to print and put up at the gate, the link it
 * opens, and "New link", which retires the printed one (after a confirmation).
 */
export function RegLinkModal({ config, onClose }: { config: VisitorConfigItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const projectId = config?.projectId ?? 0;
  const link = useEndpointQuery(visitorApi.regLink, { projectId }, { enabled: config !== null });
  const rotate = useEndpointMutation(visitorApi.rotateRegLink);
  const url = link.data ? window.location.origin + SELF_REG_ROUTE.path.replace(':token', link.data.token) : '';

  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = PRINT_CSS;
    document.head.append(style);
    return () => style.remove();
  }, []);

  const confirmRotate = () =>
    modal().confirm({
      title: t('visitorConfig.regLink.rotateConfirm'),
      okText: t('visitorConfig.regLink.rotate'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await rotate.mutateAsync({ projectId });
        message().success(t('visitorConfig.regLink.rotated'));
      },
    });

  return (
    <Modal
      open={config !== null}
      title={config ? t('visitorConfig.regLink.title', { name: config.projectName }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="rotate" icon={<ReloadOutlined />} onClick={confirmRotate} disabled={!link.data}>
          {t('visitorConfig.regLink.rotate')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={printCard} disabled={!link.data}>
          {t('visitorConfig.regLink.print')}
        </Button>,
      ]}
    >
      {link.data ? (
        <Flex vertical align="center" gap={12} className="reg-card" data-testid="reg-card" style={{ padding: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {config?.projectName}
          </Typography.Title>
          <Typography.Text>{t('visitorConfig.regLink.scan')}</Typography.Text>
          <QRCode value={url} size={240} type="svg" errorLevel="M" />
          <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all', textAlign: 'center' }}>
            <a href={url} target="_blank" rel="noreferrer" data-testid="reg-link">
              {url}
            </a>
          </Typography.Text>
        </Flex>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Modal>
  );
}
