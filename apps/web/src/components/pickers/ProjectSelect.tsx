import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useProjectOptions, type Option } from '@/api/ownerOptions';

interface ProjectSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
  /**
   * The chosen project as the record names it: an edit form opens on a project that the first page of
   * options may not hold, and should show its name rather than its id.
   */
  current?: Option;
  allowClear?: boolean;
  style?: CSSProperties;
}

/**
 * The projects in the caller's scope, searched by name on the server as the operator types: a fleet
 * with hundreds of sites cannot be listed whole in a dropdown (a form that loaded the first 200 could
 * not offer the 201st). Silent, as its options hook is.
 */
export function ProjectSelect({ current, allowClear, style, onChange, ...props }: ProjectSelectProps) {
  const [search, setSearch] = useState('');
  const projects = useProjectOptions(search, true);
  const options = projects.data ?? [];
  const shown = current && !search && !options.some((o) => o.value === current.value) ? [current, ...options] : options;
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      onChange={(v) => onChange?.(v)}
      onClear={() => setSearch('')}
      loading={projects.isFetching}
      options={shown}
      style={{ minWidth: 180, ...style }}
    />
  );
}
