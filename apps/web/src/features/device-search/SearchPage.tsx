import { useState } from 'react';
import { AutoComplete, Button, Card, DatePicker, Flex, Form, InputNumber, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import { DEVICE_TYPES, EVENT_KINDS, EVENT_LEVELS, TELEMETRY_FIELDS } from '@siteops/contracts/device-protocol';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { SEARCH_SOURCES, type SearchItem } from '@siteops/contracts/device-search/schemas';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';
import { useDownload } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { QueryForm } from '@/components/form/QueryForm';
import { useListPage } from '@/components/list/useListPage';
import { DataTable } from '@/components/table/DataTable';
import { SearchText } from '@/components/form/SearchText';
import { SearchSelect } from '@/components/form/SearchSelect';
import { ProjectSelect } from '@/components/pickers/ProjectSelect';
import { defaultRange, fromParams, SEARCH_FILTERS, toInput, toParams, type SearchFormValues } from './searchFilters';
import { searchColumns } from './searchColumns';

const unique = (values: string[]) => [...new Set(values)].sort();
const typesOf = (type: string | undefined) =>
  type && (DEVICE_TYPES as readonly string[]).includes(type) ? [type as DeviceType] : DEVICE_TYPES;

/**
 * /device/device-search (spec 2 "search table"): what the devices in the caller's scope reported —
 * readings and events by device type, device, time range (the last 24 hours until one is chosen),
 * kind, level and a value above/below a bound — with the table's density and column settings, and
 * an xlsx export of everything the filters match.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  // Fixed at first render: a default that moved with the clock would refetch on every render.
  const [fallback] = useState(() => defaultRange());
  const { table, filters, input } = useListPage(deviceSearchApi.listAll, {
    filters: SEARCH_FILTERS,
    toInput: (f) => toInput(f, fallback),
  });
  const exporter = useDownload(deviceSearchApi.export, 'device-search.xlsx');
  const types = typesOf(filters.deviceType);
  const fieldOptions = unique(
    types.flatMap((ty) =>
      TELEMETRY_FIELDS[ty].filter((f) => f.kind === 'number' || f.kind === 'integer').map((f) => f.key),
    ),
  ).map((key) => ({ value: key, label: `${t(`deviceLink.readings.fields.${key}`, { defaultValue: key })} (${key})` }));
  const kindOptions = unique(types.flatMap((ty) => EVENT_KINDS[ty].map((k) => k.kind))).map((kind) => ({
    value: kind,
    label: t(`deviceSearch.kinds.${kind}`, { defaultValue: kind }),
  }));

  // The device type, source and level filters: one of a fixed list, each value by its label.
  const select = (name: string, values: readonly string[], labels: string, minWidth: number) => (
    <SearchSelect
      name={name}
      label={t(`deviceSearch.${name}`)}
      minWidth={minWidth}
      options={values.map((v) => ({ value: v, label: t(`deviceSearch.${labels}.${v}`) }))}
    />
  );

  const runExport = () => {
    const { page: _page, pageSize: _size, sortField: _f, sortOrder: _o, ...rest } = input as Record<string, unknown>;
    const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
    void afterReport(exporter.mutateAsync({ ...rest, lang } as InputOf<typeof deviceSearchApi.export>));
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <QueryForm<SearchFormValues>
          names={SEARCH_FILTERS}
          toParams={toParams}
          fromParams={(p) => fromParams(p, fallback)}
        >
          <Form.Item
            name="range"
            label={t('deviceSearch.range')}
            rules={[{ required: true, message: t('deviceSearch.rangeRequired') }]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
          </Form.Item>
          {select('deviceType', DEVICE_TYPES, 'types', 160)}
          <SearchText
            name="device"
            label={t('deviceSearch.device')}
            placeholder={t('deviceSearch.devicePlaceholder')}
          />
          <Form.Item name="projectId" label={t('deviceSearch.project')}>
            <ProjectSelect allowClear />
          </Form.Item>
          {select('source', SEARCH_SOURCES, 'sources', 120)}
          <Form.Item name="eventKind" label={t('deviceSearch.eventKind')}>
            <Select allowClear showSearch style={{ minWidth: 140 }} options={kindOptions} />
          </Form.Item>
          {select('level', EVENT_LEVELS, 'levels', 110)}
          <Form.Item
            name="field"
            label={t('deviceSearch.field')}
            dependencies={['above', 'below']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value && (getFieldValue('above') != null || getFieldValue('below') != null)
                    ? Promise.reject(new Error(t('deviceSearch.boundNeedsField')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <AutoComplete
              allowClear
              style={{ minWidth: 160 }}
              options={fieldOptions}
              placeholder={t('deviceSearch.fieldPlaceholder')}
            />
          </Form.Item>
          <Form.Item name="above" label={t('deviceSearch.above')}>
            <InputNumber style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="below" label={t('deviceSearch.below')}>
            <InputNumber style={{ width: 110 }} />
          </Form.Item>
        </QueryForm>
      </Card>
      <Card>
        <DataTable<SearchItem>
          tableId="device-search"
          rowKey="key"
          columns={searchColumns(t)}
          {...table}
          toolbar={
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={runExport}>
              {t('deviceSearch.export')}
            </Button>
          }
        />
      </Card>
    </Flex>
  );
}
