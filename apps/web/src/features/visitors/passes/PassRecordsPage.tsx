import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import type { PassRecordItem } from '@siteops/contracts/visitor/gate';
import { useEndpointQuery } from '@/api/queries';
import { listRead } from '@/components/list/listRead';
import { useListPage } from '@/components/list/useListPage';
import type { DateRange } from '@/components/form/formKit';
import { rangeSearch } from '@/components/list/rangeSearch';
import { RangeSearchField } from '@/components/list/RangeSearchField';
import { passColumns } from './passColumns';
import { ListLayout } from '@/components/list/ListLayout';
import { useLiveTopics } from '@/hooks/useLiveTopics';
import { FLEET_TOPIC } from '@siteops/contracts/live/schemas';

interface Filters {
  deviceId?: string;
  visitorId?: string;
  range?: DateRange | null;
}
const SEARCH = rangeSearch<Filters>(['deviceId', 'visitorId']);

/** A visitor by name, searched as one types (a project may have many thousands). */
function VisitorSelect(props: { value?: string; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const found = useEndpointQuery(visitorApi.listAll, { realName: term || undefined, pageSize: 20 });
  const options = (found.data?.list ?? []).map((v) => ({
    value: String(v.id),
    label: `${v.realName} · ${v.projectName}`,
  }));
  // A visitor chosen through a link (the info modal's) shows as its id until a search finds it.
  if (props.value && !options.some((o) => o.value === props.value)) {
    options.unshift({ value: props.value, label: `#${props.value}` });
  }
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      placeholder={t('passRecords.visitorPlaceholder')}
      loading={found.isFetching}
      style={{ minWidth: 220 }}
      options={options}
    />
  );
}

const LIST = { filters: SEARCH.filters };
export const firstRead = listRead(visitorApi.passes, () => LIST);

/**
 * /visitor/pass-records (admin, manager): the passes the face terminals in the caller's scope reported,
 * newest first, by device, visitor and time. The visitor info modal links here for one visitor.
 */
export function PassRecordsPage() {
  const { t } = useTranslation();
  const { query, table } = useListPage(visitorApi.passes, LIST);
  // New passes show without a reload: a `fleet` frame counts devices' events once they are stored (a
  // manager's tab hears only its projects' devices). Only the first page moves; a later one stays put
  // while it is read.
  const firstPage = table.params.page === 1;
  useLiveTopics(
    [FLEET_TOPIC],
    (m) => {
      if (m.type === 'fleet' && (m.data as { events: number }).events > 0 && firstPage) void query.refetch();
    },
    () => void query.refetch(),
  );
  const devices = useEndpointQuery(visitorApi.listDevices, { pageSize: 200 });

  return (
    <ListLayout<Filters, PassRecordItem>
      {...SEARCH}
      search={
        <>
          <Form.Item name="deviceId" label={t('passRecords.device')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 200 }}
              loading={devices.isLoading}
              options={(devices.data?.list ?? []).map((d) => ({ value: String(d.id), label: d.devName || d.sn }))}
            />
          </Form.Item>
          <Form.Item name="visitorId" label={t('passRecords.visitor')}>
            <VisitorSelect />
          </Form.Item>
          <RangeSearchField label={t('passRecords.range')} />
        </>
      }
      table={{ tableId: 'pass-records', columns: passColumns(t), ...table }}
    />
  );
}
