import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageSpin } from '@/components/PageSpin';

/**
 * /redirect/<path>: renders nothing but a spinner, then replaces itself with /<path> (keeping the
 * query). Reloading a tab goes through here so the tab's page is unmounted in between and mounts afresh.
 */
export function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const rest = decodeURIComponent(location.pathname.replace(/^\/redirect\/?/, ''));
  const target = `/${rest.replace(/^\/+/, '')}${location.search}`;
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return <PageSpin />;
}
