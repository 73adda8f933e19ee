import { RouterProvider } from 'react-router/dom';
import { setReloginHandler } from '@/api/client';
import { logout } from '@/lib/session';
import { AppProviders } from './providers/AppProviders';
import { router } from './router/router';

// "Re-Login" in the expired-session dialog runs the full logout (server call, stores) before reloading.
setReloginHandler(logout);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
