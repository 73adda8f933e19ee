import { lazy, type ComponentType } from 'react';
import { datesReady } from '@/i18n/i18n';
import { RECOVER_NAME, REDIRECT_NAME, SELF_REG_NAME, WORKER_REG_NAME } from '@/lib/routeMeta';
import { useUserStore } from '@/stores/user';
import { RedirectPage } from './RedirectPage';
import { DEVICE_ROUTE_NAMES } from '@/features/devices/deviceTypes';
import type { EndpointRead, PageRead } from '@/components/list/listRead';

/** Every page gets its route name, so one component (the "not built yet" page) can serve many routes. */
export interface PageProps {
  routeName: string;
}

export interface PageEntry {
  Component: ComponentType<PageProps>;
  /** Loads the page's code; route loaders await it so navigation (and its progress bar) covers it. */
  preload: () => Promise<unknown>;
  /** Starts the loaded page's first read, if it declares one, without waiting for it. */
  prefetch: (url: URL, routeName: string) => void;
}

/** A page's code with the first read it can start before it renders (see listRead). */
interface PageModule {
  Component: ComponentType<PageProps>;
  firstRead?: PageRead;
}

/**
 * Puts a page's first read in the query cache under the key the page's own query uses. Silent: a refusal
 * is reported once, by the page's query asking again when it mounts. The cache and the client load with
 * the layout (same chunks), so the login page carries neither.
 */
function prefetchRead(read: EndpointRead) {
  // Refused until a password set by an admin is changed; the page reads once the console is drawn.
  if (useUserStore.getState().info?.mustChangePassword) return;
  void Promise.all([import('@/lib/queryClient'), import('@/api/endpoint'), import('@/api/queryKey')]).then(
    ([{ queryClient }, { call }, { keyOf }]) =>
      queryClient.prefetchQuery({
        queryKey: keyOf(read.endpoint, read.input),
        queryFn: ({ signal }) => call(read.endpoint, read.input as never, { signal, silent: true }),
      }),
  );
}

/**
 * A code-split page. The route loader preloads it, so by the time it renders the module is there and
 * it renders without suspending; React.lazy is only the fallback when something renders it unloaded.
 */
function lazyPage(factory: () => Promise<ComponentType<PageProps> | PageModule>): PageEntry {
  let loaded: ComponentType<PageProps> | undefined;
  let firstRead: PageRead | undefined;
  let pending: Promise<ComponentType<PageProps>> | undefined;
  const preload = () =>
    (pending ??= factory().then(
      (page) => {
        if (typeof page === 'function') return (loaded = page);
        firstRead = page.firstRead;
        return (loaded = page.Component);
      },
      (error: unknown) => {
        pending = undefined; // let a later navigation retry a failed chunk download
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: PageProps) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    Component: Page,
    preload,
    prefetch: (url, routeName) => {
      const read = firstRead?.(url.searchParams, routeName);
      if (read) prefetchRead(read);
    },
  };
}

/**
 * A standalone page that reads through TanStack Query brings the query cache's provider along; the login
 * page does not read, and loads none of it (its first-load budget, issue 9).
 */
const withQueries = (factory: () => Promise<ComponentType<PageProps>>) => (): Promise<ComponentType<PageProps>> =>
  Promise.all([factory(), import('@/app/providers/QueryProvider')]).then(
    ([Page, { QueryProvider }]) =>
      function PageWithQueries(props: PageProps) {
        return (
          <QueryProvider>
            <Page {...props} />
          </QueryProvider>
        );
      },
  );

const eager = (Component: ComponentType<PageProps>): PageEntry => ({
  Component,
  preload: () => Promise.resolve(),
  prefetch: () => undefined,
});

const planned = lazyPage(() => import('@/features/planned/PlannedPage').then((m) => m.PlannedPage));

/** One page component serves the ten device routes (all types, and one per type); app/compose joins the features it shows. */
const deviceTable = lazyPage(() =>
  import('@/app/compose/DevicesPage').then((m) => ({
    Component: m.DevicesPage,
    firstRead: m.firstRead,
  })),
);

/** One component draws 403, 404 and 500; each route gets it with its status. */
const exceptionPage = (status: '403' | '404' | '500', standalone = false) =>
  lazyPage(() =>
    import('@/features/exception/ExceptionPage').then(
      ({ ExceptionPage }) =>
        function StatusPage() {
          return <ExceptionPage status={status} standalone={standalone} />;
        },
    ),
  );

const PAGES: Record<string, PageEntry> = {
  login: lazyPage(() => import('@/features/auth/login/LoginPage').then((m) => m.LoginPage)),
  notFound: exceptionPage('404', true),
  [SELF_REG_NAME]: lazyPage(
    withQueries(() =>
      Promise.all([import('@/features/visitor-selfreg/SelfRegPage'), datesReady()]).then(([m]) => m.SelfRegPage),
    ),
  ),
  [WORKER_REG_NAME]: lazyPage(
    withQueries(() => import('@/features/labour-selfreg/WorkerRegPage').then((m) => m.WorkerRegPage)),
  ),
  [RECOVER_NAME]: lazyPage(withQueries(() => import('@/features/auth/recover/RecoverPage').then((m) => m.RecoverPage))),
  [REDIRECT_NAME]: eager(RedirectPage),
  workplace: lazyPage(() => import('@/features/dashboard/workplace/WorkplacePage').then((m) => m.WorkplacePage)),
  analysis: lazyPage(() => import('@/features/dashboard/analysis/AnalysisPage').then((m) => m.AnalysisPage)),
  setting: lazyPage(() => import('@/features/user-setting/UserSettingPage').then((m) => m.UserSettingPage)),
  messages: lazyPage(() =>
    import('@/features/notifications/NotificationCentrePage').then((m) => m.NotificationCentrePage),
  ),
  announcements: lazyPage(() =>
    import('@/features/announcements/AnnouncementsPage').then((m) => ({
      Component: m.AnnouncementsPage,
      firstRead: m.firstRead,
    })),
  ),
  'alarm-list': lazyPage(() =>
    import('@/features/alarms/AlarmsPage').then((m) => ({ Component: m.AlarmsPage, firstRead: m.firstRead })),
  ),
  'alarm-rules': lazyPage(() =>
    import('@/features/alarms/RulesPage').then((m) => ({ Component: m.RulesPage, firstRead: m.firstRead })),
  ),
  'alarm-escalation': lazyPage(() =>
    import('@/features/alarms/escalation/EscalationPage').then((m) => m.EscalationPage),
  ),
  'alarm-compliance': lazyPage(() =>
    import('@/features/alarms/compliance/CompliancePage').then((m) => m.CompliancePage),
  ),
  'certification-audit': lazyPage(() =>
    import('@/features/certification-audit/CertificationAuditPage').then((m) => m.CertificationAuditPage),
  ),
  'exception-403': exceptionPage('403'),
  'exception-404': exceptionPage('404'),
  'exception-500': exceptionPage('500'),
  'result-success': lazyPage(() => import('@/features/result/SuccessResultPage').then((m) => m.SuccessResultPage)),
  'result-error': lazyPage(() => import('@/features/result/ErrorResultPage').then((m) => m.ErrorResultPage)),
  info: lazyPage(() =>
    import('@/features/users/UserInfoPage').then((m) => ({ Component: m.UserInfoPage, firstRead: m.firstRead })),
  ),
  'isystem-constants': lazyPage(() =>
    import('@/features/isystem/ConstantsPage').then((m) => ({ Component: m.ConstantsPage, firstRead: m.firstRead })),
  ),
  'isystem-audit': lazyPage(() =>
    import('@/features/isystem/AuditPage').then((m) => ({ Component: m.AuditPage, firstRead: m.firstRead })),
  ),
  agent: lazyPage(() =>
    import('@/features/agents/AgentsPage').then((m) => ({ Component: m.AgentsPage, firstRead: m.firstRead })),
  ),
  'project-list': lazyPage(() =>
    import('@/features/projects/ProjectsPage').then((m) => ({ Component: m.ProjectsPage, firstRead: m.firstRead })),
  ),
  'project-User': lazyPage(() =>
    import('@/features/projects/ProjectPersonnelPage').then((m) => m.ProjectPersonnelPage),
  ),
  ...Object.fromEntries(DEVICE_ROUTE_NAMES.map((name) => [name, deviceTable])),
  'auth-platform': lazyPage(() =>
    import('@/features/licences/platforms/PlatformsPage').then((m) => ({
      Component: m.PlatformsPage,
      firstRead: m.firstRead,
    })),
  ),
  'aiBox-stream': lazyPage(() => import('@/features/ai-stream/AiStreamPage').then((m) => m.AiStreamPage)),
  'broadcast-campaign': lazyPage(() =>
    import('@/features/broadcast/CampaignsPage').then((m) => ({
      Component: m.CampaignsPage,
      firstRead: m.firstRead,
    })),
  ),
  'grant-auth': lazyPage(() => import('@/features/licences/grant/GrantAuthPage').then((m) => m.GrantAuthPage)),
  'device-upgrade': lazyPage(() =>
    import('@/features/upgrade/UpgradePage').then((m) => ({
      Component: m.UpgradePage,
      firstRead: m.firstRead,
    })),
  ),
  'device-search': lazyPage(() => import('@/features/device-search/SearchPage').then((m) => m.SearchPage)),
  'device-catalogue': lazyPage(() => import('@/features/device-search/CataloguePage').then((m) => m.CataloguePage)),
  'device-rollout': lazyPage(() =>
    import('@/features/upgrade/rollout/RolloutsPage').then((m) => ({
      Component: m.RolloutsPage,
      firstRead: m.firstRead,
    })),
  ),
  'visitor-List': lazyPage(() =>
    import('@/features/visitors/VisitorsPage').then((m) => ({ Component: m.VisitorsPage, firstRead: m.firstRead })),
  ),
  'visitor-audit': lazyPage(() => import('@/features/visitors/VisitorAuditPage').then((m) => m.VisitorAuditPage)),
  'device-authorize': lazyPage(() =>
    import('@/features/visitors/devices/VisitorDevicesPage').then((m) => ({
      Component: m.VisitorDevicesPage,
      firstRead: m.firstRead,
    })),
  ),
  'pass-records': lazyPage(() =>
    import('@/features/visitors/passes/PassRecordsPage').then((m) => ({
      Component: m.PassRecordsPage,
      firstRead: m.firstRead,
    })),
  ),
  'labour-workers': lazyPage(() =>
    import('@/features/labour/WorkersPage').then((m) => ({ Component: m.WorkersPage, firstRead: m.firstRead })),
  ),
  'labour-teams': lazyPage(() => import('@/features/labour/TeamsPage').then((m) => m.TeamsPage)),
  'labour-day-sheet': lazyPage(() => import('@/features/labour/DaySheetPage').then((m) => m.DaySheetPage)),
  'labour-month-sheet': lazyPage(() => import('@/features/labour/MonthSheetPage').then((m) => m.MonthSheetPage)),
  'visitor-config': lazyPage(() =>
    import('@/features/visitors/config/VisitorConfigPage').then((m) => ({
      Component: m.VisitorConfigPage,
      firstRead: m.firstRead,
    })),
  ),
};

/**
 * The page of a route. A page registered here wins over the contracts' `planned` flag (the web can ship
 * a page before the shared route table is updated); otherwise planned or unknown routes get the
 * "not built yet" page.
 */
export function pageFor(name: string): PageEntry {
  return PAGES[name] ?? planned;
}
