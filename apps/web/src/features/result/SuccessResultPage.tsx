import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/routeMeta';

/** /result/success: where a finished multi-step form can land. */
export function SuccessResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('result.success.title')}
      subTitle={t('result.success.subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('result.success.back')}
        </Button>
      }
    />
  );
}
