import { useEffect, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProjectOptions } from '@/api/ownerOptions';

/**
 * The project a labour page is about, kept in the address (`projectId`) so a reload or a shared link
 * opens the same one; the first project in the caller's scope until one is chosen.
 */
export function useProjectParam() {
  const [search, setSearch] = useSearchParams();
  const projects = useProjectOptions('', true);
  const raw = search.get('projectId');
  const projectId = raw ? Number(raw) : undefined;
  const first = projects.data?.[0]?.value;
  const set = (key: string, value: string | undefined) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (projectId === undefined && first !== undefined) set('projectId', String(first));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, first]);
  return { projectId, projects, search, set };
}

/** A labour dialog about one project: `projectId` is the project the list is filtered to, if any (chosen first). */
export interface ProjectDialogProps {
  open: boolean;
  projectId?: number;
  onClose: () => void;
}

/**
 * The project a dialog is about: the one chosen in it, else `preferred` (the list's filter), else the
 * first in the caller's scope. `picker` goes to its ProjectPicker.
 */
export function useChosenProject(enabled: boolean, preferred?: number) {
  const projects = useProjectOptions('', enabled);
  const [chosen, choose] = useState<number | undefined>();
  const project = chosen ?? preferred ?? projects.data?.[0]?.value;
  return {
    projects,
    project,
    picker: { value: project, options: projects.data ?? [], loading: projects.isFetching, onChange: choose },
  };
}

export function ProjectPicker({
  value,
  options,
  loading,
  onChange,
  style = { minWidth: 220 },
}: {
  value: number | undefined;
  options: { value: number; label: string }[];
  loading: boolean;
  onChange: (id: number) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('labour.project')}
      style={style}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('labour.project')}
      loading={loading}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
