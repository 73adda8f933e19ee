import { useRef, type ReactNode, type Ref } from 'react';
import { Button, Card, Dropdown, Empty, Flex, Segmented, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalyticsChart } from '@siteops/contracts/analytics/schemas';
import { saveFile } from '@/lib/saveFile';
import { colorOf, type Series } from '@/components/charts/charts';

/** The chart as a standalone SVG file: the markup as drawn, with the namespace it needs outside HTML. */
function svgBlob(svg: SVGSVGElement) {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', '640');
  copy.setAttribute('height', '240');
  return new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' });
}

/** The SVG drawn on a white canvas at twice its size, as PNG. */
async function pngBlob(svg: SVGSVGElement) {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 480;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
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
  children: (ref: Ref<SVGSVGElement>) => ReactNode;
}

/** One chart with its legend and downloads (SVG, PNG, its data as xlsx), or its empty state. */
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
  const ref = useRef<SVGSVGElement>(null);
  const file = `${chart}-${new Date().toISOString().slice(0, 10)}`;
  const items = [
    { key: 'svg', label: t('analysis.download.svg'), disabled: empty },
    { key: 'png', label: t('analysis.download.png'), disabled: empty },
    { key: 'xlsx', label: t('analysis.download.xlsx') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'xlsx') return onExcel(chart);
    if (!ref.current) return;
    if (key === 'svg') saveFile(svgBlob(ref.current), `${file}.svg`);
    else void pngBlob(ref.current).then((b) => saveFile(b, `${file}.png`));
  };
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
          {children(ref)}
          <Flex gap={12} wrap data-testid={`analysis-${chart}-legend`}>
            {legend.map((s, i) => (
              <Flex key={s.name} gap={4} align="center">
                <span
                  style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(i), display: 'inline-block' }}
                />
                <Typography.Text type="secondary">{s.name}</Typography.Text>
              </Flex>
            ))}
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
