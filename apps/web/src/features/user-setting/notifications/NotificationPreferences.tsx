import { Alert, Divider, Flex, Skeleton, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { NotificationPreference } from '@siteops/contracts/notification/schemas';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';
import { QuietHoursForm } from './QuietHoursForm';

/**
 * The "message notification" settings: per kind of notification, whether it reaches me in the console
 * (the server then creates none for me) and by email to my security email. Email is greyed out, with a
 * note saying why, while the server cannot send email or I have no security email. Each switch saves at once.
 */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const query = useEndpointQuery(notificationApi.preferences, {});
  const save = useEndpointMutation(notificationApi.savePreferences);
  if (query.isPending) return <Skeleton active />;
  const data = query.data;
  if (!data) return null;

  const canEmail = data.emailAvailable && data.emailBound;
  const change = (pref: NotificationPreference) =>
    void afterReport(save.mutateAsync({ preferences: [pref] }).then(() => message().success(t('userNotify.saved'))));
  const columns: TableColumnsType<NotificationPreference> = [
    {
      key: 'kind',
      title: t('userNotify.kind'),
      render: (_: unknown, p) => (
        <Flex vertical>
          <Typography.Text>{t(`userNotify.kinds.${p.kind}`)}</Typography.Text>
          <Typography.Text type="secondary">{t(`userNotify.kindDesc.${p.kind}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'console',
      title: t('userNotify.console'),
      render: (_: unknown, p) => (
        <Switch
          checked={p.console}
          loading={save.isPending}
          aria-label={t('userNotify.consoleOf', { kind: t(`userNotify.kinds.${p.kind}`) })}
          onChange={(console) => change({ ...p, console })}
        />
      ),
    },
    {
      key: 'email',
      title: t('userNotify.email'),
      render: (_: unknown, p) => (
        <Switch
          checked={p.email}
          disabled={!canEmail}
          aria-label={t('userNotify.emailOf', { kind: t(`userNotify.kinds.${p.kind}`) })}
          onChange={(email) => change({ ...p, email })}
        />
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary">{t('userNotify.intro')}</Typography.Paragraph>
      {!data.emailAvailable && <Alert type="info" showIcon title={t('userNotify.noEmail')} />}
      {data.emailAvailable && !data.emailBound && (
        <Alert
          type="info"
          showIcon
          title={
            <Trans i18nKey="userNotify.bindEmail" components={{ security: <Link to="/user/setting?tab=security" /> }} />
          }
        />
      )}
      <Table<NotificationPreference>
        rowKey="kind"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={data.preferences}
      />
      <Divider />
      <QuietHoursForm />
    </Flex>
  );
}
