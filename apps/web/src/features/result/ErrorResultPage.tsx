import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useGoBack } from '@/hooks/useGoBack';
import { HOME_PATH } from '@/lib/routeMeta';
import { resultStateOf } from '@/lib/resultState';

/** /result/error: "Go Back" leaves for the workplace; "Return For Correction" goes back to the form. */
export function ErrorResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { detail } = resultStateOf(useLocation().state);
  return (
    <Result
      status="error"
      title={t('result.error.title')}
      subTitle={t('result.error.subTitle')}
      extra={
        <Flex justify="center" gap={8}>
          <Button onClick={() => void navigate(HOME_PATH)}>{t('result.error.goBack')}</Button>
          <Button type="primary" onClick={goBack}>
            {t('result.error.retry')}
          </Button>
        </Flex>
      }
    >
      {detail && <Typography.Paragraph>{detail}</Typography.Paragraph>}
    </Result>
  );
}
