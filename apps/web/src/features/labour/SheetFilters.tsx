import type { ReactNode } from 'react';
import { Card, DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTeams } from './api/listTeams';
import { ProjectPicker, useProjectParam } from './ProjectPicker';

const FORMAT = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/**
 * The project, the period (a day or a month, this one unless chosen) and the team an attendance sheet
 * shows (all in the address), and the project's teams.
 */
export function useSheetScope(period: 'date' | 'month') {
  const scope = useProjectParam();
  const when = scope.search.get(period) ?? dayjs().format(FORMAT[period]);
  const team = scope.search.get('teamId');
  const teamId = team ? Number(team) : undefined;
  const enabled = scope.projectId !== undefined;
  const teams = useTeams({ projectId: scope.projectId ?? 0, pageSize: 200 }, { enabled });
  return { ...scope, period, when, teamId, enabled, teams };
}

/** An attendance sheet's bar: the project, the day or month, the team, then what `children` add. */
export function SheetFilters({ scope, children }: { scope: ReturnType<typeof useSheetScope>; children?: ReactNode }) {
  const { t } = useTranslation();
  const { projectId, projects, set, period, when, teamId, teams } = scope;
  return (
    <Card>
      <Flex gap={12} align="center" wrap>
        <ProjectPicker
          value={projectId}
          options={projects.data ?? []}
          loading={projects.isFetching}
          onChange={(id) => set('projectId', String(id))}
        />
        <DatePicker
          picker={period === 'month' ? 'month' : undefined}
          aria-label={t(`labour.${period}`)}
          allowClear={false}
          value={dayjs(period === 'month' ? `${when}-01` : when)}
          onChange={(d) => set(period, d ? d.format(FORMAT[period]) : undefined)}
        />
        <Select
          aria-label={t('labour.team')}
          allowClear
          placeholder={t('labour.allTeams')}
          style={{ minWidth: 160 }}
          value={teamId}
          options={(teams.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
          onChange={(v: number | undefined) => set('teamId', v === undefined ? undefined : String(v))}
        />
        {children}
      </Flex>
    </Card>
  );
}
