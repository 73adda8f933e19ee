import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { userApi } from '@siteops/contracts/user/api';
import { call } from '@/api/endpoint';
import { useEndpointMutation } from '@/api/queries';
import { keyOf } from '@/api/queryKey';
import { afterReport } from '@/api/reported';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { useUserStore } from '@/stores/user';

/** Clear alarms by hand (a reason asked) or give them to someone. */
export interface AlarmChange {
  kind: 'clear' | 'assign';
  ids: number[];
}

const NOBODY = 0;
const USERS = { pageSize: 50, sortField: 'userName', sortOrder: 'asc' } as const;

/**
 * The confirmation of a hand clear, asking why (kept on each alarm and its timeline), or the pick of an
 * assignee: the caller, nobody, or (admins and agents, who may list users) a user in their scope.
 */
export function AlarmChangeModal({
  change,
  onClose,
  onDone,
}: {
  change: AlarmChange | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string; assigneeId?: number }>();
  const [saving, setSaving] = useState(false);
  const me = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
  const clear = useEndpointMutation(alarmApi.clear);
  const assign = useEndpointMutation(alarmApi.assign);
  const listsUsers = role === 'admin' || role === 'agent';
  const users = useQuery({
    queryKey: keyOf(userApi.listAll, USERS),
    queryFn: ({ signal }) => call(userApi.listAll, USERS, { silent: true, signal }),
    enabled: change?.kind === 'assign' && listsUsers,
    staleTime: 30_000,
    retry: false,
  });
  const open = change !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const options = [
    { value: NOBODY, label: t('alarms.nobody') },
    ...(me ? [{ value: me.id, label: t('alarms.me', { name: me.realName ?? me.userName }) }] : []),
    ...(users.data?.list ?? [])
      .filter((u) => u.id !== me?.id)
      .map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName })),
  ];

  const submit = async () => {
    if (!change) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { updated } =
        change.kind === 'clear'
          ? await clear.mutateAsync({ ids: change.ids, reason: (values.reason ?? '').trim() })
          : await assign.mutateAsync({
              ids: change.ids,
              assigneeId: values.assigneeId === NOBODY ? null : (values.assigneeId ?? null),
            });
      message().success(t(change.kind === 'clear' ? 'alarms.clearedDone' : 'alarms.assignedDone', { count: updated }));
      onDone();
      onClose();
    } catch (error) {
      form.setFields(fieldErrorsOf(error, ['reason', 'assigneeId']) as never);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const count = change?.ids.length ?? 0;
  return (
    <Modal
      open={open}
      title={change?.kind === 'clear' ? t('alarms.clearTitle', { count }) : t('alarms.assignTitle', { count })}
      okText={change?.kind === 'clear' ? t('alarms.clear') : t('alarms.assign')}
      okButtonProps={{ danger: change?.kind === 'clear' }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void afterReport(submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void afterReport(submit())}>
        {change?.kind === 'clear' ? (
          <>
            <Typography.Paragraph>{t('alarms.clearHint')}</Typography.Paragraph>
            <Form.Item
              name="reason"
              label={t('alarms.reason')}
              rules={[{ required: true, whitespace: true, message: t('alarms.reasonRequired') }]}
            >
              <Input.TextArea maxLength={512} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="assigneeId"
            label={t('alarms.assignee')}
            rules={[{ required: true, message: t('alarms.assigneeRequired') }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} loading={users.isFetching} options={options} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
