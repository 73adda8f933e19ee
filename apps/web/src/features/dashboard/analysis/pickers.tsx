import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';

interface PickerProps {
  value?: number;
  onChange: (value: number | undefined) => void;
  placeholder: string;
}

/**
 * A row picker searched by name on the server, in the caller's scope. Silent: a caller the server
 * refuses sees an empty picker, not a toast each time it opens.
 */
function NamePicker({ endpoint, value, onChange, placeholder }: PickerProps & { endpoint: Endpoint }) {
  const [search, setSearch] = useState('');
  const input = { name: search || undefined, pageSize: 50 };
  const rows = useQuery({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) =>
      call(endpoint, input as never, { silent: true, signal }) as Promise<{ list: { id: number; name: string }[] }>,
    select: (page) => page.list.map((p) => ({ value: p.id, label: p.name })),
    staleTime: 30_000,
    retry: false,
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(v) => onChange(v)}
      onClear={() => setSearch('')}
      loading={rows.isFetching}
      options={rows.data ?? []}
      style={{ minWidth: 180 }}
    />
  );
}

export const ProjectPicker = (props: PickerProps) => <NamePicker endpoint={projectApi.listAll} {...props} />;
export const AgentPicker = (props: PickerProps) => <NamePicker endpoint={agentApi.listAll} {...props} />;
