import { Avatar, Card, Descriptions, Empty, Flex, Tabs, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { avatarSrc, displayName, useUserStore } from '../../stores/user';
import { ChangePasswordForm } from './ChangePasswordForm';

const TABS = ['basic', 'security', 'certification'] as const;
type TabKey = (typeof TABS)[number];

function isTab(value: string | null): value is TabKey {
  return (TABS as readonly (string | null)[]).includes(value);
}

function NotBuilt() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userSetting.notBuilt')} />;
}

/** /user/setting (every role). The tab is in the URL (`?tab=security`) so it can be linked to. */
export function UserSettingPage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'basic';

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={56} src={avatarSrc(info)} icon={<UserOutlined />} alt="" />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {displayName(info)}
            </Typography.Title>
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'account', label: t('userSetting.accountName'), children: info?.userName },
                { key: 'role', label: t('userSetting.roleName'), children: role ? t(`role.${role}`) : '' },
              ]}
            />
          </div>
        </Flex>
      </Card>
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'basic', label: t('userSetting.basic'), children: <NotBuilt /> },
            {
              key: 'security',
              label: t('userSetting.security'),
              children: (
                <section aria-labelledby="change-password-title">
                  <Typography.Title level={5} id="change-password-title">
                    {t('userSetting.changePassword')}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">{t('userSetting.changePasswordDesc')}</Typography.Paragraph>
                  <ChangePasswordForm />
                </section>
              ),
            },
            { key: 'certification', label: t('userSetting.certification'), children: <NotBuilt /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
