import { Form, Input, Skeleton, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@siteops/contracts/account/api';
import {
  IM_ACCOUNT_MAX,
  IM_ACCOUNT_PATTERN,
  isWebsite,
  QQ_PATTERN,
  SOCIAL_FIELDS,
  WEBSITE_MAX,
  WECHAT_PATTERN,
  type SocialField,
} from '@siteops/contracts/account/social';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { SubmitRow } from '@/components/form/SubmitRow';
import { TitledSection } from '@/components/TitledSection';

type Values = Partial<Record<SocialField, string | null>>;

const norm = (v: string | null | undefined) => (v ?? '').trim();

/**
 * The social-info tab (spec 2): the handles colleagues reach me by (WeChat ID, QQ, DingTalk ID, WeCom
 * account) and a website. Every field is optional and emptying one removes it. The rules are the
 * server's own (contracts/social), checked here first; the server's field messages land beside their
 * fields. Only what changed is sent.
 */
export function SocialInfoForm() {
  const { t } = useTranslation();
  const query = useEndpointQuery(accountApi.social, {});
  // The admin's view of a user (its detail) shows these too.
  const save = useEndpointMutation(accountApi.saveSocial, ['user']);
  const [form] = Form.useForm<Values>();
  if (query.isPending) return <Skeleton active />;
  const stored = query.data;
  if (!stored) return null;

  const label = (field: SocialField) => t(`userSocial.field.${field}`);
  const pattern = (field: SocialField, test: (v: string) => boolean): Rule => ({
    validator: (_, value?: string | null) =>
      norm(value) === '' || test(norm(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t(`userSocial.bad.${field}`))),
  });
  const rules: Record<SocialField, Rule[]> = {
    wechat: [pattern('wechat', (v) => WECHAT_PATTERN.test(v))],
    qq: [pattern('qq', (v) => QQ_PATTERN.test(v))],
    dingtalk: [pattern('dingtalk', (v) => v.length <= IM_ACCOUNT_MAX && IM_ACCOUNT_PATTERN.test(v))],
    wecom: [pattern('wecom', (v) => v.length <= IM_ACCOUNT_MAX && IM_ACCOUNT_PATTERN.test(v))],
    website: [
      { max: WEBSITE_MAX, message: t('userSocial.tooLong', { max: WEBSITE_MAX }) },
      pattern('website', isWebsite),
    ],
  };

  const submit = async () => {
    const values = await form.validateFields();
    const changed = Object.fromEntries(
      SOCIAL_FIELDS.filter((f) => norm(values[f]) !== norm(stored[f])).map((f) => [f, norm(values[f]) || null]),
    );
    if (!Object.keys(changed).length) {
      message().info(t('userSocial.unchanged'));
      return;
    }
    try {
      form.setFieldsValue(await save.mutateAsync(changed));
    } catch (error) {
      form.setFields(fieldErrorsOf(error, SOCIAL_FIELDS) as never);
      throw error;
    }
    message().success(t('common.saveSuccess'));
  };

  return (
    <TitledSection id="social-info-title" title={t('userSocial.title')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('userSocial.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="social-info"
        initialValues={stored}
        layout="vertical"
        onFinish={() => void afterReport(submit())}
      >
        {SOCIAL_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={label(field)}
            extra={t(`userSocial.hint.${field}`)}
            rules={rules[field]}
            // What is typed stays as typed; the spaces around it go when it is saved.
            validateFirst
          >
            <Input
              allowClear
              autoComplete="off"
              spellCheck={false}
              inputMode={field === 'qq' ? 'numeric' : field === 'website' ? 'url' : undefined}
              placeholder={t(`userSocial.placeholder.${field}`)}
            />
          </Form.Item>
        ))}
        <SubmitRow loading={save.isPending}>{t('common.save')}</SubmitRow>
      </Form>
    </TitledSection>
  );
}
