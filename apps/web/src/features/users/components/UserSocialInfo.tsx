import { Descriptions, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialInfo } from '@siteops/contracts/account/schemas';
import { SOCIAL_FIELDS, isWebsite } from '@siteops/contracts/account/social';

/**
 * A user's social info (WeChat ID, QQ, DingTalk ID, WeCom account, website), read-only: the user keeps
 * it in its own settings. The website opens in a new tab, without handing it this page.
 */
export function UserSocialInfo({ social }: { social: SocialInfo }) {
  const { t } = useTranslation();
  const value = (field: (typeof SOCIAL_FIELDS)[number]) => {
    const v = social[field];
    if (!v) return <Typography.Text type="secondary">{t('users.social.empty')}</Typography.Text>;
    if (field === 'website' && isWebsite(v))
      return (
        <Typography.Link href={v} target="_blank" rel="noopener noreferrer nofollow">
          {v}
        </Typography.Link>
      );
    return <Typography.Text copyable>{v}</Typography.Text>;
  };
  return (
    <section aria-labelledby="user-social-title" data-testid="user-social-info">
      <Divider titlePlacement="start">
        <span id="user-social-title">{t('users.social.title')}</span>
      </Divider>
      <Typography.Paragraph type="secondary">{t('users.social.note')}</Typography.Paragraph>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={SOCIAL_FIELDS.map((field) => ({
          key: field,
          label: t(`users.social.${field}`),
          children: value(field),
        }))}
      />
    </section>
  );
}
