import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { Button, Flex, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGoBack } from '@/hooks/useGoBack';

export type ExceptionStatus = '403' | '404' | '500';

export interface ExceptionPageProps {
  status: ExceptionStatus;
  /**
   * Outside the console (any unmatched path, open without login, spec 2): the page fills the window and
   * leads to the main page (`/`: login, or the workplace with a session) instead of back.
   */
  standalone?: boolean;
}

/**
 * antd's Result with its status illustration named in the page's language: antd's SVGs carry English
 * titles ("No Found", "Unauthorized", "Server Error") that screen readers read inside the Chinese console
 * (issue 33).
 */
function StatusResult(props: ComponentProps<typeof Result> & { status: ExceptionStatus }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const name = t(`exception.${props.status}.illustration`);
  useLayoutEffect(() => {
    const title = box.current?.querySelector('.ant-result-image svg > title');
    if (title) title.textContent = name;
  }, [name, i18n.language]);
  return (
    <div ref={box}>
      <Result {...props} />
    </div>
  );
}

/** /exception/403, /exception/404, /exception/500 inside the console, and the not-found page outside it. */
export function ExceptionPage({ status, standalone = false }: ExceptionPageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const { token } = theme.useToken();

  if (standalone) {
    return (
      <Flex
        component="main"
        align="center"
        justify="center"
        style={{ minHeight: '100vh', background: token.colorBgLayout }}
      >
        <StatusResult
          status={status}
          title={status}
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
  return (
    <StatusResult
      status={status}
      title={status}
      subTitle={t(`exception.${status}.description`)}
      extra={
        <Flex justify="center" gap={8}>
          {/* Spec 8: only "this page is gone" offers a retry. */}
          {status === '404' && <Button onClick={() => window.location.reload()}>{t('exception.404.retry')}</Button>}
          <Button type="primary" onClick={goBack}>
            {t(`exception.${status}.back`)}
          </Button>
        </Flex>
      }
    />
  );
}
