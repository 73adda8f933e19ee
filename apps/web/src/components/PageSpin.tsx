import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner for a page or screen that is still loading. */
export function PageSpin({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin description={t('app.loading')} />
    </div>
  );
}
