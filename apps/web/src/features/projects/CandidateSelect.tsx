import { useState, type ReactNode } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from './useDebouncedValue';
import { projectApi } from '@siteops/contracts/project/api';
import { useEndpointQuery } from '@/api/queries';

export interface CandidateSelectProps {
  projectId: number;
  purpose: 'member' | 'manager';
  multiple?: boolean;
  value?: number | number[];
  onChange?: (value: number | number[] | undefined) => void;
  placeholder?: string;
  id?: string;
  /** What an empty answer says (why nobody is offered, and what can be done), given the search typed. */
  emptyHint?: (keyword: string) => ReactNode;
}

/**
 * Picks users who could join the project, searched on the server (account or real name) through the
 * candidates endpoint, so only people of the project's agent are ever offered.
 */
export function CandidateSelect({
  projectId,
  purpose,
  multiple,
  value,
  onChange,
  placeholder,
  id,
  emptyHint,
}: CandidateSelectProps) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, 250);
  const query = useEndpointQuery(projectApi.candidates, {
    projectId,
    purpose,
    keyword: debounced || undefined,
    pageSize: 50,
  });
  const [known, setKnown] = useState<Record<number, string>>({});
  const label = (c: { userName: string; realName: string | null; phone: string | null }) =>
    [c.userName, c.realName, c.phone].filter(Boolean).join(' · ');
  const options = (query.data?.list ?? []).map((c) => ({ value: c.id, label: label(c) }));
  // Keep labels of chosen people when a later search no longer lists them.
  const chosen = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .filter((v) => !options.some((o) => o.value === v))
    .map((v) => ({ value: v, label: known[v] ?? String(v) }));

  return (
    <Select<number | number[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      loading={query.isFetching}
      placeholder={placeholder}
      notFoundContent={emptyHint && !query.isFetching ? emptyHint(debounced) : undefined}
      value={value}
      options={[...chosen, ...options]}
      // antd empties the search box after a pick in multiple mode without telling onSearch; the list follows the box.
      onSelect={() => setKeyword('')}
      onChange={(v) => {
        const next = { ...known };
        for (const o of options) next[o.value] = o.label;
        setKnown(next);
        onChange?.(v);
      }}
      style={{ width: '100%' }}
    />
  );
}
