import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../hooks/useGoBack';

/** /exception/403, also where a denied navigation ends when no page is permitted. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('exception.403.description')}
      extra={
        <Button type="primary" onClick={goBack}>
          {t('exception.403.back')}
        </Button>
      }
    />
  );
}
