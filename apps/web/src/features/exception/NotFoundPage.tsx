import { Button, Flex, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any unmatched path, open without login (spec 2). "Main" is `/`: login, or the workplace with a session. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: token.colorBgLayout }}
    >
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('notFound.back')}
          </Button>
        }
      />
    </Flex>
  );
}
