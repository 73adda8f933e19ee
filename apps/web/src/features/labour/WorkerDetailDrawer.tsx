import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CERTIFICATE_TYPES,
  TRADE_REQUIRED_CERTIFICATES,
  type CertificateItem,
  type CertificateType,
} from '@siteops/contracts/labour/certificates';
import type { WorkerItem } from '@siteops/contracts/labour/schemas';
import { ModalForm } from '@/components/form/ModalForm';
import { requiredText } from '@/components/form/rules';
import { RowAction, RowActions } from '@/components/table/rowActions';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { useCertificates } from './api/listCertificates';
import { useAddCertificate } from './api/addCertificate';
import { useUpdateCertificate } from './api/updateCertificate';
import { useDeleteCertificates } from './api/deleteCertificates';
import { CertificateStateTag, WorkerStatusTag } from './labourView';
import { WorkerPhotoUpload } from './WorkerPhotoUpload';
import { WorkerAttendanceHistory } from './WorkerAttendanceHistory';
import { useRevealWorker } from './api/revealWorker';
import { useUserStore } from '@/stores/user';
import { useRowEditor } from '@/hooks/useRowEditor';
import { TextField } from '@/components/form/TextField';

interface CertificateValues {
  type: CertificateType;
  number: string;
  issuedBy?: string;
  validUntil: Dayjs;
  photo?: string | null;
}
const CERTIFICATE_FIELDS = ['type', 'number', 'issuedBy', 'validUntil', 'photo'] as const;

/**
 * A worker's detail: who it is, whether its trade's required certificate is valid (or expiring, expired,
 * missing) and whether that keeps it off the face terminals; its certificates, added, changed and deleted
 * here with a photo of the card; its own attendance by month.
 */
export function WorkerDetailDrawer({ worker, onClose }: { worker: WorkerItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const certificates = useCertificates({ id: worker?.id ?? 0 }, { enabled: worker !== null });
  const add = useAddCertificate();
  const update = useUpdateCertificate();
  const remove = useDeleteCertificates();
  const editor = useRowEditor<CertificateItem>();
  const current = editor.row;
  const state = certificates.data?.certificateState ?? worker?.certificateState ?? null;
  const accepted = worker ? (TRADE_REQUIRED_CERTIFICATES[worker.trade] ?? []) : [];
  // The full numbers: an admin's audited read, asked only when pressed, for the worker shown.
  const isAdmin = useUserStore((s) => s.info?.role === 'admin' && s.role === 'admin');
  const [revealed, setRevealed] = useState<number | null>(null);
  const reveal = useRevealWorker(
    { id: worker?.id ?? 0 },
    { enabled: isAdmin && worker !== null && revealed === worker.id },
  );
  const full = revealed === worker?.id ? reveal.data : undefined;

  return (
    <Drawer open={worker !== null} onClose={onClose} size={720} title={worker?.realName} destroyOnHidden>
      {worker && (
        <Flex vertical gap={24} data-testid="worker-detail">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('labour.project')}>{worker.projectName}</Descriptions.Item>
            <Descriptions.Item label={t('labour.idNo')}>
              {t(`labour.idTypes.${worker.idType}`)} <span data-testid="worker-id-no">{full?.idNo ?? worker.idNo}</span>
              {isAdmin && !full && (
                <Button
                  size="small"
                  type="link"
                  loading={reveal.isFetching}
                  title={t('labour.revealWorkerHint')}
                  onClick={() => setRevealed(worker.id)}
                >
                  {t('labour.revealWorker')}
                </Button>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('labour.bankCardNo')}>
              <span data-testid="worker-bank-card">{full ? (full.bankCardNo ?? '—') : (worker.bankCardNo ?? '—')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('labour.trade')}>
              {t(`labour.trades.${worker.trade}`)} {worker.teamName ? `· ${worker.teamName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('labour.status')}>
              <WorkerStatusTag status={worker.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('labour.requiredCertificate')}>
              {state ? (
                <Flex gap={8} wrap align="center">
                  <CertificateStateTag state={state} until={worker.certificateValidUntil} />
                  <Typography.Text type="secondary">
                    {accepted.map((c) => t(`labour.certificateTypes.${c}`)).join(t('labour.or'))}
                  </Typography.Text>
                  {worker.offTerminals && (
                    <Tag color="error" title={t('labour.offTerminalsHint')}>
                      {t('labour.offTerminals')}
                    </Tag>
                  )}
                </Flex>
              ) : (
                t('labour.noneRequired')
              )}
            </Descriptions.Item>
          </Descriptions>

          <Flex vertical gap={8}>
            <Flex justify="space-between" align="center">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('labour.certificates')}
              </Typography.Title>
              <Button icon={<PlusOutlined />} onClick={editor.create}>
                {t('labour.addCertificate')}
              </Button>
            </Flex>
            <Table<CertificateItem>
              rowKey="id"
              size="small"
              pagination={false}
              loading={certificates.isFetching}
              dataSource={certificates.data?.list ?? []}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'type',
                  title: t('labour.certificateType'),
                  render: (_, c) => (
                    <>
                      {t(`labour.certificateTypes.${c.type}`)}
                      {c.required && <Tag style={{ marginInlineStart: 8 }}>{t('labour.requiredTag')}</Tag>}
                    </>
                  ),
                },
                { key: 'number', dataIndex: 'number', title: t('labour.certificateNumber') },
                { key: 'issuedBy', dataIndex: 'issuedBy', title: t('labour.issuedBy') },
                {
                  key: 'validUntil',
                  title: t('labour.validUntil'),
                  render: (_, c) => (
                    <Flex gap={8} align="center">
                      {c.validUntil}
                      {c.state !== 'valid' && <CertificateStateTag state={c.state} />}
                    </Flex>
                  ),
                },
                {
                  key: 'photo',
                  title: t('labour.cardPhoto'),
                  render: (_, c) =>
                    c.photoUrl ? (
                      <a href={c.photoUrl} target="_blank" rel="noreferrer">
                        <img src={c.photoUrl} alt={t('labour.cardPhoto')} style={{ height: 32 }} />
                      </a>
                    ) : null,
                },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_, c) => (
                    <RowActions wrap={false}>
                      <RowAction onClick={() => editor.edit(c)}>{t('common.edit')}</RowAction>
                      <RowDeleteButton onConfirm={() => remove.mutateAsync({ ids: [c.id] })} />
                    </RowActions>
                  ),
                },
              ]}
            />
          </Flex>
          <WorkerAttendanceHistory workerId={worker.id} />
        </Flex>
      )}
      <ModalForm<CertificateValues>
        open={editor.open}
        title={current ? t('labour.editCertificate') : t('labour.addCertificate')}
        initialValues={
          current
            ? {
                type: current.type,
                number: current.number,
                issuedBy: current.issuedBy ?? undefined,
                validUntil: dayjs(current.validUntil),
                photo: current.photo,
              }
            : accepted.length
              ? { type: accepted[0] }
              : undefined
        }
        fieldNames={CERTIFICATE_FIELDS}
        onSubmit={(v) => {
          const body = {
            type: v.type,
            number: v.number,
            issuedBy: v.issuedBy ?? '',
            validUntil: v.validUntil.format('YYYY-MM-DD'),
            photo: v.photo ?? null,
          };
          return current
            ? update.mutateAsync({ id: current.id, ...body })
            : add.mutateAsync({ workerId: worker!.id, ...body });
        }}
        onClose={editor.close}
      >
        <Form.Item
          name="type"
          label={t('labour.certificateType')}
          rules={[{ required: true, message: t('labour.rules.certificateType') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={CERTIFICATE_TYPES.map((c) => ({ value: c, label: t(`labour.certificateTypes.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('labour.certificateNumber')}
          rules={[requiredText(t('labour.rules.certificateNumber'))]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <TextField name="issuedBy" label={t('labour.issuedBy')} maxLength={128} />
        <Form.Item
          name="validUntil"
          label={t('labour.validUntil')}
          rules={[{ required: true, message: t('labour.rules.validUntil') }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name="photo" label={t('labour.cardPhoto')}>
          <WorkerPhotoUpload id="certificate-form-photo" card initialUrl={current?.photoUrl} />
        </Form.Item>
      </ModalForm>
    </Drawer>
  );
}
