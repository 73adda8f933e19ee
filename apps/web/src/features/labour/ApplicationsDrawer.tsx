import { useState } from 'react';
import { Button, Drawer, Form, Image, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { APPLICATION_STATUS, type ApplicationItem, type ApplicationStatus } from '@siteops/contracts/labour/self-reg';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { message } from '@/lib/feedback';
import { formatMinute } from '@/lib/time';

const COLORS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/**
 * Workers' self-registrations of the caller's projects (of one project when the page filters one):
 * pending first; approve (registers the worker with the form's rules; a refusal's reason shows as the
 * server words it) or reject with a reason the applicant's phone shows.
 */
export function ApplicationsDrawer({
  open,
  projectId,
  onClose,
}: {
  open: boolean;
  projectId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<ApplicationItem | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const list = useEndpointQuery(labourApi.applications, { projectId, status, page, pageSize: 10 }, { enabled: open });
  const approve = useEndpointMutation(labourApi.approveApplication);
  const reject = useEndpointMutation(labourApi.rejectApplication);

  const onApprove = async (row: ApplicationItem) => {
    await approve.mutateAsync({ id: row.id });
    message().success(t('labour.applications.approved', { name: row.realName }));
  };
  const onReject = async ({ reason }: { reason: string }) => {
    await reject.mutateAsync({ id: rejecting!.id, reason });
    message().success(t('labour.applications.rejected', { name: rejecting!.realName }));
    setRejecting(null);
    form.resetFields();
  };

  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('labour.applications.title')} destroyOnHidden>
      <Segmented
        aria-label={t('labour.status')}
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(s) => {
          setStatus(s as ApplicationStatus);
          setPage(1);
        }}
        options={APPLICATION_STATUS.map((s) => ({ value: s, label: t(`labour.applications.statuses.${s}`) }))}
      />
      <Table<ApplicationItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            key: 'photo',
            title: t('labour.photo'),
            render: (_, r) => (r.photoUrl ? <Image src={r.photoUrl} width={40} height={50} alt={r.realName} /> : null),
          },
          {
            key: 'realName',
            title: t('labour.realName'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{r.realName}</Typography.Text>
                <Typography.Text type="secondary">{r.phone}</Typography.Text>
              </Space>
            ),
          },
          { key: 'idNo', title: t('labour.idNo'), render: (_, r) => `${t(`labour.idTypes.${r.idType}`)} ${r.idNo}` },
          { key: 'trade', title: t('labour.trade'), render: (_, r) => t(`labour.trades.${r.trade}`) },
          { key: 'team', title: t('labour.team'), render: (_, r) => r.teamName ?? '-' },
          { key: 'project', title: t('labour.project'), dataIndex: 'projectName' },
          { key: 'createdAt', title: t('labour.applications.submitted'), render: (_, r) => formatMinute(r.createdAt) },
          {
            key: 'state',
            title: t('labour.status'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={COLORS[r.status]}>{t(`labour.applications.statuses.${r.status}`)}</Tag>
                {r.rejectReason ? <Typography.Text type="secondary">{r.rejectReason}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: 'right',
            render: (_, r) =>
              r.status === 'pending' ? (
                <Space>
                  <Button size="small" type="primary" loading={approve.isPending} onClick={() => void onApprove(r)}>
                    {t('labour.applications.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(r)}>
                    {t('labour.applications.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('labour.applications.rejectTitle', { name: rejecting?.realName ?? '' })}
        okText={t('labour.applications.reject')}
        okButtonProps={{ danger: true, loading: reject.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void onReject(v)}>
          <Form.Item
            name="reason"
            label={t('labour.applications.reason')}
            rules={[{ required: true, whitespace: true, message: t('labour.applications.reasonRequired') }]}
          >
            <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 2 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
