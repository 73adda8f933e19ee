import { useState } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';
import { ApiError } from '@/api/envelope';
import { LanguageSwitch } from '@/components/selfreg/LanguageSwitch';
import './messages';
import { SelfRegForm } from './SelfRegForm';
import { SelfRegStatus } from './SelfRegStatus';

/** The phone remembers its registration per link, so coming back shows its status (and pass). */
const secretKey = (token: string) => `selfReg.${token}`;

function readSecret(token: string): string | null {
  try {
    return localStorage.getItem(secretKey(token));
  } catch {
    return null;
  }
}

/**
 * /visit/:token: the visitor's phone, from the project's registration QR code. No login, no console
 * around it: the form the project asks for, then the registration's status and, once approved, the pass.
 */
export function SelfRegPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [secret, setSecret] = useState(() => readSecret(token));
  const input = { token };
  const form = useQuery({
    queryKey: keyOf(visitorApi.selfRegForm, input),
    queryFn: ({ signal }) => call(visitorApi.selfRegForm, input, { signal, silent: true }),
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
  if (secret) body = <SelfRegStatus secret={secret} onAgain={() => remember(null)} />;
  else if (form.data) body = <SelfRegForm token={token} info={form.data} onSubmitted={remember} />;
  else if (form.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else {
    const gone = form.error instanceof ApiError && form.error.status === 404;
    body = (
      <Result
        status={gone ? 'warning' : 'error'}
        title={gone ? t('selfReg.linkNotFound') : form.error?.message}
        extra={gone ? null : <Button onClick={() => void form.refetch()}>{t('selfReg.refresh')}</Button>}
      />
    );
  }

  return (
    <Flex vertical style={{ minHeight: '100dvh', background: 'var(--ant-color-bg-layout, #f5f5f5)' }}>
      <main style={{ width: '100%', maxWidth: 480, margin: '0 auto', padding: 12, boxSizing: 'border-box' }}>
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {form.data?.projectName ?? t('selfReg.title')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {form.data && !secret ? (
          <Typography.Paragraph type="secondary">
            {t('selfReg.intro', { project: form.data.projectName })}
          </Typography.Paragraph>
        ) : null}
        <Card size="small" title={secret ? t('selfReg.statusTitle') : t('selfReg.title')}>
          {body}
        </Card>
      </main>
    </Flex>
  );
}
