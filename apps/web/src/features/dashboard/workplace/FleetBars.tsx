import { Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FleetFigures } from '@siteops/contracts/dashboard/schemas';

/**
 * Devices by type as plain CSS bars: each bar is its type's total, its filled part the online devices, so
 * "online 4/4" is a full bar whatever the other types count (issue 33: bars scaled by the largest type drew
 * 4/4 as two thirds). A chart library would cost the Workplace's first load more than the whole page does.
 */
export function FleetBars({ byType }: { byType: FleetFigures['byType'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const shown = byType.filter((b) => b.total > 0);
  if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplaceFleet.noDevices')} />;
  return (
    <Flex vertical gap={8} data-testid="fleet-by-type">
      {shown.map((b) => {
        const label = t(`devices.type.${b.type}`);
        return (
          <div key={b.type} data-testid={`fleet-type-${b.type}`}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text>{label}</Typography.Text>
              <Typography.Text type="secondary">
                {t('workplaceFleet.typeCounts', { online: b.online, total: b.total })}
              </Typography.Text>
            </Flex>
            <div
              role="img"
              aria-label={`${label}: ${t('workplaceFleet.typeCounts', { online: b.online, total: b.total })}`}
              style={{
                height: 8,
                background: token.colorFillSecondary,
                borderRadius: 4,
                overflow: 'hidden',
              }}
            >
              <div
                data-testid="fleet-type-online"
                style={{ height: '100%', width: `${(b.online / b.total) * 100}%`, background: token.colorSuccess }}
              />
            </div>
          </div>
        );
      })}
    </Flex>
  );
}
