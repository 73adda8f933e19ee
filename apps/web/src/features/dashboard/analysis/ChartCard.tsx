import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Card, Dropdown, Empty, Flex, Segmented, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalyticsChart } from '@siteops/contracts/analytics/schemas';
import { saveFile } from '@/lib/saveFile';
import { colorOf, type ChartHandle, type Series } from '@/components/charts/charts';
import { pngOf } from '@/components/charts/png';

/** What a card gives its charts: the first one's handle (for the downloads), the series its legend hides, the file name. */
export interface CardCharts {
  ref: Ref<ChartHandle>;
  hidden: string[];
  fileName: string;
}

interface ChartCardProps {
  chart: AnalyticsChart;
  title: string;
  /** Above the chart: the figure the chart adds up to. */
  summary: ReactNode;
  legend: Series[];
  empty: boolean;
  /** What the empty state says, when not "nothing was reported". */
  emptyText?: string;
  onExcel: (chart: AnalyticsChart) => void;
  /** Above the chart, inside the card (a header too narrow on a phone for more than the title). */
  controls?: ReactNode;
  children: (charts: CardCharts) => ReactNode;
}

/**
 * One chart with its legend and downloads (SVG, PNG, its data as xlsx), or its empty state. The legend
 * toggles a series in every chart of the card (the charts then draw no legend of their own).
 */
export function ChartCard({
  chart,
  title,
  summary,
  legend,
  empty,
  emptyText,
  onExcel,
  controls,
  children,
}: ChartCardProps) {
  const { t } = useTranslation();
  const ref = useRef<ChartHandle>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const fileName = `${chart}-${new Date().toISOString().slice(0, 10)}`;
  const items = [
    { key: 'svg', label: t('analysis.download.svg'), disabled: empty },
    { key: 'png', label: t('analysis.download.png'), disabled: empty },
    { key: 'xlsx', label: t('analysis.download.xlsx') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'xlsx') return onExcel(chart);
    const svg = ref.current?.svg();
    const size = ref.current?.size();
    if (!svg || !size) return;
    if (key === 'svg') saveFile(svg, `${fileName}.svg`);
    else void pngOf(svg, size).then((b) => saveFile(b, `${fileName}.png`));
  };
  const toggle = (name: string) =>
    setHidden((names) => (names.includes(name) ? names.filter((n) => n !== name) : [...names, name]));
  return (
    <Card
      title={title}
      data-testid={`analysis-${chart}`}
      extra={
        <Dropdown menu={{ items, onClick }} trigger={['click']}>
          <Button icon={<DownloadOutlined />} aria-label={t('analysis.download.label', { chart: title })} />
        </Dropdown>
      }
    >
      {controls}
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('analysis.empty')} />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text data-testid={`analysis-${chart}-summary`}>{summary}</Typography.Text>
          {children({ ref, hidden, fileName })}
          <Flex gap={4} wrap data-testid={`analysis-${chart}-legend`}>
            {legend.map((s, i) => {
              const shown = !hidden.includes(s.name);
              return (
                <Button
                  key={s.name}
                  type="text"
                  size="small"
                  aria-pressed={shown}
                  title={t('charts.legendToggle')}
                  onClick={() => toggle(s.name)}
                  icon={
                    <span
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        display: 'inline-block',
                        background: shown ? colorOf(i) : 'transparent',
                        border: `2px solid ${colorOf(i)}`,
                      }}
                    />
                  }
                  style={{ textDecoration: shown ? undefined : 'line-through' }}
                >
                  {s.name}
                </Button>
              );
            })}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

/** A card's switch between views of its chart (which metric, grouped by what): small, over the chart. */
export function ChartSwitch<V extends string>({
  value,
  onChange,
  values,
  labelOf,
}: {
  value: V;
  onChange: (value: V) => void;
  values: readonly V[];
  labelOf: (value: V) => string;
}) {
  return (
    <Segmented<V>
      style={{ marginBottom: 8 }}
      size="small"
      value={value}
      onChange={onChange}
      options={values.map((v) => ({ value: v, label: labelOf(v) }))}
    />
  );
}
