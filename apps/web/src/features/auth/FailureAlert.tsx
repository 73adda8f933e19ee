import { Alert } from 'antd';

/**
 * Why the last try failed, over the form that made it (login, recovery): `title` says what failed, the
 * server's reason (when it gave one) below it; announced at once (`role="alert"`). Nothing while `failure`
 * is null.
 */
export function FailureAlert({ title, failure, gap }: { title: string; failure: string | null; gap: number }) {
  if (failure === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={failure || undefined}
      style={{ marginBottom: gap }}
      role="alert"
    />
  );
}
