import { useState } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';
import { LanguageSwitch } from '@/components/selfreg/LanguageSwitch';
import './messages';
import { WorkerRegForm } from './WorkerRegForm';
import { WorkerRegStatus } from './WorkerRegStatus';

/** The phone remembers its application per link, so coming back shows its status. */
const secretKey = (token: string) => `workerReg.${token}`;

function readSecret(token: string): string | null {
  try {
    return localStorage.getItem(secretKey(token));
  } catch {
    return null;
  }
}

/**
 * /join/:token: a worker's phone, from the project's worker registration QR code (the Workers page shows
 * it). No login, no console around it: the form, then the application's status and its outcome.
 */
export function WorkerRegPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [secret, setSecret] = useState(() => readSecret(token));
  const input = { token };
  const form = useQuery({
    queryKey: keyOf(labourApi.selfRegForm, input),
    queryFn: ({ signal }) => call(labourApi.selfRegForm, input, { signal, silent: true }),
    retry: false,
    staleTime: Infinity,
  });

  const remember = (next: string | null) => {
    try {
      if (next) localStorage.setItem(secretKey(token), next);
      else localStorage.removeItem(secretKey(token));
    } catch {
      // Private browsing: the status shows until the page is closed.
    }
    setSecret(next);
    window.scrollTo(0, 0);
  };

  let body;
  if (secret) body = <WorkerRegStatus secret={secret} onAgain={() => remember(null)} />;
  else if (form.data) body = <WorkerRegForm token={token} info={form.data} onSubmitted={remember} />;
  else if (form.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else {
    const gone = form.error instanceof ApiError && form.error.status === 404;
    body = (
      <Result
        status={gone ? 'warning' : 'error'}
        title={gone ? t('workerReg.linkNotFound') : form.error?.message}
        extra={gone ? null : <Button onClick={() => void form.refetch()}>{t('workerReg.refresh')}</Button>}
      />
    );
  }

  return (
    <Flex vertical style={{ minHeight: '100dvh', background: 'var(--ant-color-bg-layout, #f5f5f5)' }}>
      <main style={{ width: '100%', maxWidth: 480, margin: '0 auto', padding: 12, boxSizing: 'border-box' }}>
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {form.data?.projectName ?? t('workerReg.title')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {form.data && !secret ? (
          <Typography.Paragraph type="secondary">
            {t('workerReg.intro', { project: form.data.projectName })}
          </Typography.Paragraph>
        ) : null}
        <Card size="small" title={secret ? t('workerReg.statusTitle') : t('workerReg.title')}>
          {body}
        </Card>
      </main>
    </Flex>
  );
}
