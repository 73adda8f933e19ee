import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../hooks/useGoBack';

/** /exception/500. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('exception.500.description')}
      extra={
        <Button type="primary" onClick={goBack}>
          {t('exception.500.back')}
        </Button>
      }
    />
  );
}
