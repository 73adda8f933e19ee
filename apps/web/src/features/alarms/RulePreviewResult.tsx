import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { alarmApi } from '@siteops/contracts/alarm/api';
import { ALARM_PREVIEW_DAYS } from '@siteops/contracts/alarm/rules';
import type { call } from '@/api/endpoint';

export type RulePreview = Awaited<ReturnType<typeof call<typeof alarmApi.rulePreview>>>;

/** What a rule not yet saved would have done over the last days, as the server replayed it. */
export function RulePreviewResult({ previewed }: { previewed: RulePreview }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="status"
      type={previewed.fired ? 'warning' : 'info'}
      title={
        previewed.fired === null
          ? t('alarms.preview.offline')
          : t('alarms.preview.fired', {
              count: previewed.fired,
              days: ALARM_PREVIEW_DAYS,
              devicesFired: previewed.devicesFired,
              devices: previewed.devices,
            })
      }
      description={previewed.truncated ? t('alarms.preview.truncated', { devices: previewed.devices }) : undefined}
    />
  );
}
