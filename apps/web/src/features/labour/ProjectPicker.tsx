import { useEffect } from 'react';
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

export function ProjectPicker({
  value,
  options,
  loading,
  onChange,
}: {
  value: number | undefined;
  options: { value: number; label: string }[];
  loading: boolean;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('labour.project')}
      style={{ minWidth: 220 }}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('labour.project')}
      loading={loading}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
