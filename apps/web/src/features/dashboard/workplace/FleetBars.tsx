import { Empty, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FleetFigures } from '@siteops/contracts/dashboard/schemas';

/**
 * Devices by type as plain CSS bars (online part of each type's total): a chart library would cost the
 * Workplace's first load more than the whole page does.
 */
export function FleetBars({ byType }: { byType: FleetFigures['byType'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const shown = byType.filter((b) => b.total > 0);
  const most = Math.max(1, ...shown.map((b) => b.total));
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
                width: `${(b.total / most) * 100}%`,
                minWidth: 8,
                background: token.colorFillSecondary,
                borderRadius: 4,
                overflow: 'hidden',
              }}
            >
              <div
                style={{ height: '100%', width: `${(b.online / b.total) * 100}%`, background: token.colorSuccess }}
              />
            </div>
          </div>
        );
      })}
    </Flex>
  );
}
