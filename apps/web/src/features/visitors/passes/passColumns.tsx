import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { PassRecordItem } from '@siteops/contracts/visitor/gate';
import { timeColumn } from '@/components/table/columns';

const known = (t: TFunction, group: string, v: string | null) =>
  v ? t(`passRecords.${group}.${v}`, { defaultValue: v }) : '';

/** The columns of a pass record, for the pass-record list and a visitor's last passes. */
export function passColumns(t: TFunction, opts: { person?: boolean } = {}): TableColumnsType<PassRecordItem> {
  return [
    timeColumn<PassRecordItem>('at', t('passRecords.time')),
    ...(opts.person === false
      ? []
      : [
          {
            key: 'person',
            title: t('passRecords.person'),
            // Who passed and as what: a worker of the project (U…) or a visitor (V…); the id stays readable.
            render: (_: unknown, r: PassRecordItem) => (
              <Flex gap={6} align="center" wrap>
                <span>{r.personName || r.personId}</span>
                {(r.userId !== null || r.visitorId !== null) && (
                  <Tag color={r.userId !== null ? 'blue' : 'gold'}>
                    {t(r.userId !== null ? 'passRecords.kinds.worker' : 'passRecords.kinds.visitor')}
                  </Tag>
                )}
                <Typography.Text type="secondary">{r.personId}</Typography.Text>
              </Flex>
            ),
          },
        ]),
    {
      key: 'device',
      title: t('passRecords.device'),
      render: (_: unknown, r: PassRecordItem) => r.devName || r.sn,
    },
    { key: 'project', dataIndex: 'projectName', title: t('passRecords.project') },
    {
      key: 'direction',
      dataIndex: 'direction',
      title: t('passRecords.direction'),
      render: (v: string | null) => known(t, 'directions', v),
    },
    {
      key: 'verifyMode',
      dataIndex: 'verifyMode',
      title: t('passRecords.verifyMode'),
      render: (v: string | null) => known(t, 'verifyModes', v),
    },
    {
      key: 'similarity',
      dataIndex: 'similarity',
      title: t('passRecords.similarity'),
      render: (v: number | null) => (v === null ? '' : `${Math.round(v * 100)}%`),
    },
  ];
}
