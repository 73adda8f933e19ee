import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { projectApi } from '@siteops/contracts/project/api';
import { call } from '@/api/endpoint';
import { keyOf } from '@/api/queryKey';

interface ProjectSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}

/**
 * The site to search: projects in the caller's scope by name, searched on the server. Silent: a caller
 * the server refuses sees an empty picker, not a toast each time it opens.
 */
export function ProjectSelect({ id, value, onChange }: ProjectSelectProps) {
  const [search, setSearch] = useState('');
  const input = { name: search || undefined, pageSize: 50 };
  const projects = useQuery({
    queryKey: keyOf(projectApi.listAll, input),
    queryFn: ({ signal }) => call(projectApi.listAll, input, { silent: true, signal }),
    select: (page) => page.list.map((p) => ({ value: p.id, label: p.name })),
    staleTime: 30_000,
    retry: false,
  });
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      onClear={() => setSearch('')}
      loading={projects.isFetching}
      options={projects.data ?? []}
      style={{ minWidth: 180 }}
    />
  );
}
