import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last line of defence: a render error or a failed code download (e.g. after a redeploy). Plain markup
 * rather than antd's Result, whose illustrations would weigh on every page's first load.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Flex
      component="main"
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: '100vh', padding: 24, textAlign: 'center', color: token.colorText }}
    >
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>{t('routeError.title')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{detail ?? t('routeError.description')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Flex>
  );
}
