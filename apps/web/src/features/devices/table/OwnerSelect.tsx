import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAgentOptions, useProjectOptions } from '@/api/ownerOptions';

interface OwnerSelectProps {
  /** Which owner the picker chooses. */
  kind: 'agent' | 'project';
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  /** Projects only: those of this agent. */
  agentId?: number;
  /** The caller may list these at all (hides a picker whose list call the server would refuse). */
  enabled?: boolean;
  style?: React.CSSProperties;
  id?: string;
}

/** A searchable picker of agents or projects by name; search runs on the server. */
export function OwnerSelect({ kind, enabled = true, ...props }: OwnerSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const agents = useAgentOptions(search, enabled && kind === 'agent');
  const projects = useProjectOptions(search, enabled && kind === 'project', props.agentId);
  const query = kind === 'agent' ? agents : projects;
  return (
    <Select<number>
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      onClear={() => setSearch('')}
      placeholder={props.placeholder}
      loading={query.isFetching}
      options={query.data ?? []}
      notFoundContent={query.isError ? t('devices.ownerUnavailable') : undefined}
      style={{ minWidth: 180, ...props.style }}
    />
  );
}
