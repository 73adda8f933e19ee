import { useState } from 'react';
import { Button, Flex, Modal, QRCode, Select, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { useProjectOptions } from '@/api/ownerOptions';
import { message, modal } from '@/lib/feedback';
import { WORKER_REG_ROUTE } from '@/lib/routeMeta';

/**
 * A project's worker registration QR code (admin, agent, manager in scope): the code to put up on site,
 * the link it opens, and "New link", which retires the printed one (after a confirmation). Mounted
 * while open, so it starts on the page's project each time.
 */
export function WorkerRegLinkModal({
  open,
  projectId: initial,
  onClose,
}: {
  open: boolean;
  projectId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const projects = useProjectOptions('', true);
  const [projectId, setProjectId] = useState<number | undefined>(initial);
  const chosen = projectId ?? projects.data?.[0]?.value;
  const link = useEndpointQuery(labourApi.regLink, { projectId: chosen ?? 0 }, { enabled: open && !!chosen });
  const rotate = useEndpointMutation(labourApi.rotateRegLink);
  const url = link.data ? window.location.origin + WORKER_REG_ROUTE.path.replace(':token', link.data.token) : '';
  const projectName = projects.data?.find((p) => p.value === chosen)?.label;

  const confirmRotate = () =>
    modal().confirm({
      title: t('labour.regLink.rotateConfirm'),
      okText: t('labour.regLink.rotate'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await rotate.mutateAsync({ projectId: chosen! });
        message().success(t('labour.regLink.rotated'));
      },
    });

  return (
    <Modal
      open={open}
      title={t('labour.regLink.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="rotate" icon={<ReloadOutlined />} onClick={confirmRotate} disabled={!link.data}>
          {t('labour.regLink.rotate')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      <Select
        aria-label={t('labour.project')}
        style={{ width: '100%', marginBottom: 12 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={projects.isFetching}
        value={chosen}
        onChange={setProjectId}
        options={projects.data ?? []}
      />
      {link.data ? (
        <Flex vertical align="center" gap={12} data-testid="worker-reg-card" style={{ padding: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {projectName}
          </Typography.Title>
          <Typography.Text>{t('labour.regLink.scan')}</Typography.Text>
          <QRCode value={url} size={240} type="svg" errorLevel="M" />
          <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all', textAlign: 'center' }}>
            <a href={url} target="_blank" rel="noreferrer" data-testid="worker-reg-link">
              {url}
            </a>
          </Typography.Text>
        </Flex>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          {chosen ? <Spin /> : <Typography.Text type="secondary">{t('labour.regLink.noProject')}</Typography.Text>}
        </Flex>
      )}
    </Modal>
  );
}
