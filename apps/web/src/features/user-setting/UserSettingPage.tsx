import { Avatar, Card, Descriptions, Flex, Tabs, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/useMediaQuery';
import { avatarSrc, displayName, useUserStore } from '@/stores/user';
import { SecuritySettings } from './security/SecuritySettings';
import { CertificationTab } from './certification/CertificationTab';
import { BasicInfoForm } from './basic/BasicInfoForm';
import { ExportData } from './account/ExportData';
import { SecurityLog } from './account/SecurityLog';
import { NotificationPreferences } from './notifications/NotificationPreferences';
import { SocialInfoForm } from './social/SocialInfoForm';
import { TitledSection } from '@/components/TitledSection';

const TABS = ['basic', 'social', 'security', 'certification', 'notifications'] as const;
type TabKey = (typeof TABS)[number];

function isTab(value: string | null): value is TabKey {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** /user/setting (every role). The tab is in the URL (`?tab=security`) so it can be linked to. */
export function UserSettingPage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const role = useUserStore((s) => s.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'basic';
  // Spec 2's side menu of settings: the sections stand in a column on the left, above on a phone.
  const phone = useMediaQuery(PHONE_QUERY);

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
          tabPosition={phone ? 'top' : 'left'}
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'basic', label: t('userSetting.basic'), children: <BasicInfoForm /> },
            { key: 'social', label: t('userSocial.tab'), children: <SocialInfoForm /> },
            {
              key: 'security',
              label: t('userSetting.security'),
              children: (
                <Flex vertical gap={24}>
                  <TitledSection id="security-settings-title" title={t('userSecurity.settingsTitle')}>
                    <SecuritySettings />
                  </TitledSection>
                  <TitledSection id="security-log-title" title={t('userSecurity.logTitle')}>
                    <SecurityLog />
                  </TitledSection>
                  <ExportData />
                </Flex>
              ),
            },
            { key: 'certification', label: t('userSetting.certification'), children: <CertificationTab /> },
            { key: 'notifications', label: t('userNotify.tab'), children: <NotificationPreferences /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
