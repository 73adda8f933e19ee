import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../hooks/useGoBack';

/** /exception/404 inside the console. */
export function GonePage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('exception.404.description')}
      extra={
        <Flex justify="center" gap={8}>
          <Button onClick={() => window.location.reload()}>{t('exception.404.retry')}</Button>
          <Button type="primary" onClick={goBack}>
            {t('exception.404.back')}
          </Button>
        </Flex>
      }
    />
  );
}
