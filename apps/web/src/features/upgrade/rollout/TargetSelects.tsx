import { useState } from 'react';
import { Select } from 'antd';
import { deviceApi } from '@siteops/contracts/device/api';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { useEndpointQuery } from '@/api/queries';
import { useAgentOptions, useProjectOptions } from '@/api/ownerOptions';

interface MultiProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}

/** A multiple choice whose options the server finds for what the user types (no filtering here). */
function ServerSearchSelect({
  onSearch,
  loading,
  options,
  ...props
}: MultiProps & { onSearch: (text: string) => void; loading: boolean; options: { value: number; label: string }[] }) {
  return (
    <Select<number[]>
      {...props}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch }}
      loading={loading}
      options={options}
    />
  );
}

/** Several agents or projects, searched by name on the server. */
export function OwnersSelect({ kind, ...props }: MultiProps & { kind: 'agent' | 'project' }) {
  const [search, setSearch] = useState('');
  const agents = useAgentOptions(search, kind === 'agent');
  const projects = useProjectOptions(search, kind === 'project');
  const query = kind === 'agent' ? agents : projects;
  return <ServerSearchSelect {...props} onSearch={setSearch} loading={query.isFetching} options={query.data ?? []} />;
}

/** Explicit devices of the package's types, searched by serial number on the server. */
export function DevicesSelect({ types, ...props }: MultiProps & { types: readonly DeviceType[] }) {
  const [sn, setSn] = useState('');
  const type = types.length === 1 ? types[0] : undefined;
  const query = useEndpointQuery(deviceApi.listAll, { sn: sn || undefined, type, pageSize: 50 });
  const options = (query.data?.list ?? [])
    .filter((d) => types.includes(d.type as DeviceType))
    .map((d) => ({ value: d.id, label: d.devName ? `${d.sn} (${d.devName})` : d.sn }));
  return <ServerSearchSelect {...props} onSearch={setSn} loading={query.isFetching} options={options} />;
}
