import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Select, Typography } from 'antd';
import { CloudUploadOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { aiStreamApi } from '@siteops/contracts/ai-stream/api';
import { deviceApi } from '@siteops/contracts/device/api';
import type { AiStreamApplyItem, AiStreamReadItem } from '@siteops/contracts/ai-stream/schemas';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { StreamFields } from './StreamFields';
import { DiffTable, ResultsTable } from './StreamTables';
import { changesOf, commonValues, patchOf, type StreamFormValues } from './streamDiff';

const FIELDS = ['liveMethod', 'resolution', 'frameRate', 'bitRate', 'detectHelmet', 'detectVest', 'detectIntrusion'];

/**
 * /device/aiBox-stream (admin, agent): the group form bound to a real job. Read the stream settings of
 * the chosen AI boxes from the devices, change them, see per device what would change, push, and read
 * each box's answer (applied, refused with its reason, offline). `?ids=1,2` preselects boxes.
 */
export function AiStreamPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number[]>(() =>
    (params.get('ids') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );
  const [rows, setRows] = useState<AiStreamReadItem[] | null>(null);
  const [results, setResults] = useState<AiStreamApplyItem[] | null>(null);
  const [form] = Form.useForm<StreamFormValues>();
  const values = Form.useWatch((v: StreamFormValues) => v, form);
  const boxes = useEndpointQuery(deviceApi.listAll, { type: 'aiBox', pageSize: 200, sortField: 'devName' });
  const read = useEndpointMutation(aiStreamApi.read);
  const apply = useEndpointMutation(aiStreamApi.apply);

  const patch = useMemo(() => (rows ? patchOf(values ?? {}, rows) : {}), [values, rows]);
  const changes = useMemo(() => (rows ? changesOf(patch, rows) : []), [patch, rows]);
  const anyChange = changes.some((c) => c.changes.length > 0);
  const unreadable = rows?.filter((r) => r.outcome !== 'read').length ?? 0;

  const readDevices = async () => {
    const { list } = await read.mutateAsync({ ids: selected });
    setRows(list);
    setResults(null);
    form.resetFields();
    form.setFieldsValue(commonValues(list));
  };

  const push = async () => {
    await form.validateFields();
    if (!rows) return;
    try {
      const { list } = await apply.mutateAsync({ ids: rows.map((r) => r.id), settings: patch });
      setResults(list);
      // What the boxes now hold is the new "current": the diff empties for those that took it.
      setRows(
        rows.map((r) => {
          const done = list.find((x) => x.id === r.id && x.outcome === 'applied');
          return done ? { ...r, outcome: 'read', reason: null, settings: done.settings } : r;
        }),
      );
      const count = (o: AiStreamApplyItem['outcome']) => list.filter((x) => x.outcome === o).length;
      const text = t('aiStream.pushed', {
        applied: count('applied'),
        refused: count('refused'),
        offline: count('offline'),
      });
      if (count('applied') === list.length) message().success(text);
      else message().warning(text);
    } catch (error) {
      const fields = fieldErrorsOf(
        error,
        FIELDS.map((f) => `settings.${f}`),
      ).map((e) => ({ ...e, name: e.name.replace(/^settings\./, '') }));
      form.setFields(fields as never);
      throw error;
    }
  };

  const options = (boxes.data?.list ?? []).map((d) => ({
    value: d.id,
    label: `${d.devName ?? d.sn} (${d.sn}) · ${d.onlineStatus === 'online' ? t('aiStream.online') : t('aiStream.offline')}`,
  }));

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Paragraph type="secondary">{t('aiStream.intro')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('aiStream.devices')} htmlFor="ai-stream-devices">
            <Select
              id="ai-stream-devices"
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={boxes.isLoading}
              placeholder={t('aiStream.devicesPlaceholder')}
              options={options}
              value={selected}
              onChange={(ids: number[]) => {
                setSelected(ids);
                setRows(null);
                setResults(null);
              }}
            />
          </Form.Item>
        </Form>
        <Button
          type="primary"
          icon={<SyncOutlined />}
          disabled={selected.length === 0}
          loading={read.isPending}
          onClick={() => void afterReport(readDevices())}
        >
          {rows ? t('aiStream.readAgain') : t('aiStream.read')}
        </Button>
      </Card>

      {!rows && <Alert type="info" showIcon title={t('aiStream.notRead')} />}
      {rows && unreadable > 0 && (
        <Alert type="warning" showIcon title={t('aiStream.unreadable', { count: unreadable })} />
      )}

      <Form form={form} layout="vertical" disabled={!rows} aria-label={t('menu.device.aiStream')}>
        <StreamFields rows={rows ?? []} disabled={!rows} />
      </Form>

      {rows && (
        <Card title={t('aiStream.diff')}>
          <Flex vertical gap={16}>
            <DiffTable changes={changes} />
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={!anyChange}
              loading={apply.isPending}
              onClick={() => void afterReport(push())}
            >
              {t('aiStream.push')}
            </Button>
          </Flex>
        </Card>
      )}

      {results && (
        <Card title={t('aiStream.results')}>
          <ResultsTable results={results} />
        </Card>
      )}
    </Flex>
  );
}
