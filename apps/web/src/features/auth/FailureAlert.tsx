import { lazy, Suspense, useEffect } from 'react';

/**
 * antd's Alert and its icons are 4.5 KB of brotli that only a failed try shows: they load just after the
 * page has shown (not in its first load, which scripts/budget.mjs holds to 200 KB), well before an answer.
 */
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

/**
 * Why the last try failed, over the form that made it (login, recovery): `title` says what failed, the
 * server's reason (when it gave one) below it; announced at once (`role="alert"`). Nothing while `failure`
 * is null.
 */
export function FailureAlert({ title, failure, gap }: { title: string; failure: string | null; gap: number }) {
  useEffect(() => {
    const idle = setTimeout(() => void loadAlert(), 0);
    return () => clearTimeout(idle);
  }, []);
  if (failure === null) return null;
  return (
    <Suspense fallback={null}>
      <Alert
        type="error"
        showIcon
        title={title}
        description={failure || undefined}
        style={{ marginBottom: gap }}
        role="alert"
      />
    </Suspense>
  );
}
