import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { ApiError } from './api/client';
import { I18nProvider, useI18n } from './i18n/i18n';
import { SessionProvider, useSession } from './session';
import { Layout } from './ui/Layout';
import { Account, Login, Signup } from './pages/Auth';
import { Codes } from './pages/Codes';
import { CodeEdit } from './pages/CodeEdit';
import { CodeDetail } from './pages/CodeDetail';
import { ApiKeys } from './pages/ApiKeys';
import { Overview } from './pages/Overview';
import { Batch } from './pages/Batch';
import { WorkspaceSettings, Workspaces } from './pages/Workspaces';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A problem the API answered (404, 403, 422) will not change by asking again.
      retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
    },
  },
});

function RequireSession({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  const { t } = useI18n();
  const location = useLocation();
  if (loading) return <p className="center">{t('app.loading')}</p>;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

function Public({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  if (loading) return null;
  return me ? <Navigate to="/codes" replace /> : <>{children}</>;
}

const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <Public>
        <Login />
      </Public>
    ),
  },
  {
    path: '/signup',
    element: (
      <Public>
        <Signup />
      </Public>
    ),
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/codes" replace /> },
      { path: 'codes', element: <Codes /> },
      { path: 'codes/new', element: <CodeEdit /> },
      { path: 'codes/:id', element: <CodeDetail /> },
      { path: 'codes/:id/edit', element: <CodeEdit /> },
      { path: 'analytics', element: <Overview /> },
      { path: 'batch', element: <Batch /> },
      { path: 'keys', element: <ApiKeys /> },
      { path: 'workspaces', element: <Workspaces /> },
      { path: 'workspaces/:id', element: <WorkspaceSettings /> },
      { path: 'account', element: <Account /> },
      { path: '*', element: <Navigate to="/codes" replace /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
