import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeByName } from '@/lib/routeMeta';
import { takeRefusal } from '@/app/router/runGuard';
import { useCurrentRoute } from './useCurrentRoute';
import { message } from '@/lib/feedback';

/** Long enough to read, as the error toasts (spec 8: 5 s). */
const NOTICE_SECONDS = 8;

/** After the guard turned a page away, say which page, for which role, and what is shown instead. */
export function useRefusalNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = useCurrentRoute();
  useEffect(() => {
    const refusal = takeRefusal();
    const refused = routeByName(refusal?.name);
    if (!refusal || !refused || !current) return;
    message().warning({
      key: 'refused',
      duration: NOTICE_SECONDS,
      content: t('guard.refused', {
        page: t(refused.i18nKey),
        role: t(`role.${refusal.role}`),
        to: t(current.i18nKey),
      }),
    });
  }, [location.key, current, t]);
}
