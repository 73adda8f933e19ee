import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/routeMeta';
import { resultStateOf } from '@/lib/resultState';

/** /result/success: where a finished multi-step form can land; the form may link to what it made. */
export function SuccessResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subTitleKey, subTitleParams, link } = resultStateOf(useLocation().state);
  return (
    <Result
      status="success"
      title={t('result.success.title')}
      subTitle={subTitleKey ? t(subTitleKey, subTitleParams) : t('result.success.subTitle')}
      extra={
        <Flex justify="center" gap={8} wrap>
          {link && (
            <Button type="primary" onClick={() => void navigate(link.to)}>
              {t(link.labelKey)}
            </Button>
          )}
          <Button type={link ? 'default' : 'primary'} onClick={() => void navigate(HOME_PATH)}>
            {t('result.success.back')}
          </Button>
        </Flex>
      }
    />
  );
}
