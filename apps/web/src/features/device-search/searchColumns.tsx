import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { SearchItem } from '@siteops/contracts/device-search/schemas';
import { EllipsisText } from '@/components/EllipsisText';
import { formatDateTime } from '@/lib/time';

const LEVEL_COLOURS: Record<string, string> = { info: 'blue', warning: 'orange', alarm: 'red' };

/** `a34004: 180 · LA: 62`: a reading's or an event's data on one line, field names as the readings show them. */
export function dataText(t: TFunction, data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([k, v]) => {
      const name = t(`deviceLink.readings.fields.${k}`, { defaultValue: k });
      return `${name}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`;
    })
    .join(' · ');
}

export function searchColumns(t: TFunction): TableColumnsType<SearchItem> {
  return [
    {
      title: t('deviceSearch.at'),
      dataIndex: 'at',
      sorter: true,
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: t('deviceSearch.deviceType'),
      dataIndex: 'deviceType',
      sorter: true,
      render: (type: string) => t(`deviceSearch.types.${type}`, { defaultValue: type }),
    },
    { title: t('deviceSearch.devName'), dataIndex: 'devName', sorter: true },
    { title: t('deviceSearch.sn'), dataIndex: 'sn', sorter: true },
    { title: t('deviceSearch.project'), dataIndex: 'projectName' },
    {
      title: t('deviceSearch.source'),
      dataIndex: 'source',
      render: (source: SearchItem['source']) => (
        <Tag color={source === 'event' ? 'purple' : 'default'}>{t(`deviceSearch.sources.${source}`)}</Tag>
      ),
    },
    {
      title: t('deviceSearch.eventKind'),
      dataIndex: 'kind',
      render: (kind: string | null) => (kind ? t(`deviceSearch.kinds.${kind}`, { defaultValue: kind }) : null),
    },
    {
      title: t('deviceSearch.level'),
      dataIndex: 'level',
      render: (level: string | null) =>
        level ? (
          <Tag color={LEVEL_COLOURS[level]}>{t(`deviceSearch.levels.${level}`, { defaultValue: level })}</Tag>
        ) : null,
    },
    {
      title: t('deviceSearch.data'),
      dataIndex: 'data',
      // Measured and given its tooltip on the first hover, not with every row (issue 9).
      render: (data: SearchItem['data']) => <EllipsisText text={dataText(t, data)} maxWidth={360} />,
    },
  ];
}
