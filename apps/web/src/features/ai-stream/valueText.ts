import { useTranslation } from 'react-i18next';
import type { AiStreamKey } from '@siteops/contracts/ai-stream/schemas';

/** A setting's value as the page shows it: live methods and on/off in words, unknown when not reported. */
export function useValueText() {
  const { t } = useTranslation();
  return (key: AiStreamKey, value: unknown): string => {
    if (value === undefined || value === null) return t('aiStream.unknown');
    if (typeof value === 'boolean') return value ? t('aiStream.on') : t('aiStream.off');
    if (key === 'liveMethod') return t(`aiStream.liveMethod.${String(value)}`);
    return String(value);
  };
}
