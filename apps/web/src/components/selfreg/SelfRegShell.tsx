import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnswerOf, Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';
import { LanguageSwitch } from './LanguageSwitch';

interface SelfRegShellProps<E extends Endpoint> {
  /** The link's public form (`{ token }` in, the project's name among what comes back). */
  formEndpoint: E;
  /**
   * The page's message keys (`<namespace>.title`, `.intro`, `.statusTitle`, `.linkNotFound`, `.refresh`) and
   * where the phone keeps its registration's secret per link (`<namespace>.<token>` in localStorage).
   */
  namespace: 'selfReg' | 'workerReg';
  renderForm(token: string, info: AnswerOf<E>, onSubmitted: (secret: string) => void): ReactNode;
  renderStatus(secret: string, onAgain: () => void): ReactNode;
}

function readSecret(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A phone's page behind a project's registration QR code (visitors' /visit/:token, workers' /join/:token):
 * no login, no console around it; the form the project asks for, then the registration's status. The phone
 * remembers its registration per link, so coming back shows the status.
 */
export function SelfRegShell<E extends Endpoint>({
  formEndpoint,
  namespace,
  renderForm,
  renderStatus,
}: SelfRegShellProps<E>) {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const storageKey = `${namespace}.${token}`;
  const [secret, setSecret] = useState(() => readSecret(storageKey));
  const input = { token } as InputOf<E>;
  const form = useQuery({
    queryKey: keyOf(formEndpoint, input),
    queryFn: ({ signal }) => call(formEndpoint, input, { signal, silent: true }),
    retry: false,
    staleTime: Infinity,
  });
  const info = form.data as (AnswerOf<E> & { projectName: string }) | undefined;

  const remember = (next: string | null) => {
    try {
      if (next) localStorage.setItem(storageKey, next);
      else localStorage.removeItem(storageKey);
    } catch {
      // Private browsing: the status shows until the page is closed.
    }
    setSecret(next);
    window.scrollTo(0, 0);
  };

  let body;
  if (secret) body = renderStatus(secret, () => remember(null));
  else if (info) body = renderForm(token, info, remember);
  else if (form.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else {
    const gone = form.error instanceof ApiError && form.error.status === 404;
    body = (
      <Result
        status={gone ? 'warning' : 'error'}
        title={gone ? t(`${namespace}.linkNotFound`) : form.error?.message}
        extra={gone ? null : <Button onClick={() => void form.refetch()}>{t(`${namespace}.refresh`)}</Button>}
      />
    );
  }

  return (
    <Flex vertical style={{ minHeight: '100dvh', background: 'var(--ant-color-bg-layout, #f5f5f5)' }}>
      <main style={{ width: '100%', maxWidth: 480, margin: '0 auto', padding: 12, boxSizing: 'border-box' }}>
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {info?.projectName ?? t(`${namespace}.title`)}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {info && !secret ? (
          <Typography.Paragraph type="secondary">
            {t(`${namespace}.intro`, { project: info.projectName })}
          </Typography.Paragraph>
        ) : null}
        <Card size="small" title={secret ? t(`${namespace}.statusTitle`) : t(`${namespace}.title`)}>
          {body}
        </Card>
      </main>
    </Flex>
  );
}
