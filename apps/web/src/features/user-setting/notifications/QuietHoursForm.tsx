import { useMemo } from 'react';
import { Alert, Form, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notificationApi } from '@siteops/contracts/notification/api';
import { quietUntil, wallClock, type QuietHours } from '@siteops/contracts/notification/quiet-hours';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { fieldErrorsOf } from '@/components/form/formKit';
import { SubmitRow } from '@/components/form/SubmitRow';
import { TIME_OF_DAY, TimeOfDayField } from '@/components/form/TimeOfDayField';
import { message } from '@/lib/feedback';

const FIELDS = ['enabled', 'from', 'to', 'utcOffsetMinutes'] as const;

/** UTC-12:00 … UTC+14:00 by half hours. */
const OFFSETS = Array.from({ length: (840 + 720) / 30 + 1 }, (_, i) => -720 + i * 30).map((m) => {
  const abs = Math.abs(m);
  const text = `UTC${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { value: m, label: text };
});

/**
 * My quiet hours (issue 32): a daily window on my clock (UTC+8 unless I choose another) during which
 * escalations of non-critical alarms wait for me (message box, email, SMS) and are sent when it ends if
 * the alarm is still open. Critical alarms and group bots are never held. The server's field messages
 * land beside their fields.
 */
export function QuietHoursForm() {
  const { t } = useTranslation();
  const query = useEndpointQuery(notificationApi.quietHours, {});
  const save = useEndpointMutation(notificationApi.saveQuietHours);
  const [form] = Form.useForm<QuietHours>();
  const values = Form.useWatch([], form) as QuietHours | undefined;
  const now = useMemo(() => new Date(), []);

  if (query.isPending) return <Skeleton active />;
  if (!query.data) return null;

  const submit = async (v: QuietHours) => {
    try {
      await save.mutateAsync({ ...v, from: v.from.trim(), to: v.to.trim() });
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS) as never);
      throw error;
    }
    message().success(t('userNotify.quiet.saved'));
  };
  const current =
    values && TIME_OF_DAY.test(values.from ?? '') && TIME_OF_DAY.test(values.to ?? '') && values.from !== values.to
      ? quietUntil(values, now)
      : null;

  return (
    <Form<QuietHours>
      form={form}
      layout="vertical"
      initialValues={query.data}
      onFinish={(v) => void afterReport(submit(v))}
      style={{ maxWidth: 560 }}
    >
      <Typography.Title level={5}>{t('userNotify.quiet.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('userNotify.quiet.intro')}</Typography.Paragraph>
      <Form.Item name="enabled" label={t('userNotify.quiet.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space wrap align="start">
        <TimeOfDayField name="from" label={t('userNotify.quiet.from')} invalid={t('userNotify.quiet.timeInvalid')} />
        <TimeOfDayField
          name="to"
          label={t('userNotify.quiet.to')}
          invalid={t('userNotify.quiet.timeInvalid')}
          placeholder="07:00"
          dependencies={['from']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, to: string) =>
                to && to === getFieldValue('from')
                  ? Promise.reject(new Error(t('userNotify.quiet.sameTimes')))
                  : Promise.resolve(),
            }),
          ]}
        />
        <Form.Item name="utcOffsetMinutes" label={t('userNotify.quiet.offset')}>
          <Select options={OFFSETS} showSearch style={{ width: 140 }} />
        </Form.Item>
      </Space>
      {values?.enabled && current && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('userNotify.quiet.now', { until: wallClock(current, values.utcOffsetMinutes) })}
        />
      )}
      <SubmitRow loading={save.isPending}>{t('userNotify.quiet.save')}</SubmitRow>
    </Form>
  );
}
