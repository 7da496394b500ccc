import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { later } from '../../ui/later';
import { NotFound } from './NotFound';
import { OperatorLayout } from './OperatorLayout';

// The operator's console: only operators open it, so none of it is in everyone's first load.
const OperatorOrganizations = lazy(() => import('./Organizations').then((m) => ({ default: m.Organizations })));
const OperatorOrganizationDetail = lazy(() =>
  import('./OrganizationDetail').then((m) => ({ default: m.OrganizationDetail })),
);
const OperatorHealth = lazy(() => import('./Health').then((m) => ({ default: m.Health })));
const OperatorAudit = lazy(() => import('./OperatorAudit').then((m) => ({ default: m.OperatorAudit })));
const OperatorGs1Queue = lazy(() => import('./Gs1Queue').then((m) => ({ default: m.Gs1Queue })));
const OperatorAnnouncements = lazy(() => import('./Announcements').then((m) => ({ default: m.Announcements })));
const OperatorLimits = lazy(() => import('./Limits').then((m) => ({ default: m.Limits })));
const Operators = lazy(() => import('./Operators').then((m) => ({ default: m.Operators })));
const OperatorUsers = lazy(() => import('./Users').then((m) => ({ default: m.Users })));

/** The operator's console (docs/decisions.md D77): its frame shows the not-found page to anyone else. */
export const operatorRoutes: RouteObject = {
  element: <OperatorLayout />,
  children: [
    { path: 'operator', element: <Navigate to="/operator/organizations" replace /> },
    { path: 'operator/organizations', element: later(<OperatorOrganizations />) },
    { path: 'operator/organizations/:id', element: later(<OperatorOrganizationDetail />) },
    { path: 'operator/health', element: later(<OperatorHealth />) },
    { path: 'operator/audit', element: later(<OperatorAudit />) },
    { path: 'operator/gs1-prefixes', element: later(<OperatorGs1Queue />) },
    { path: 'operator/announcements', element: later(<OperatorAnnouncements />) },
    { path: 'operator/limits', element: later(<OperatorLimits />) },
    { path: 'operator/operators', element: later(<Operators />) },
    { path: 'operator/users', element: later(<OperatorUsers />) },
    { path: 'operator/*', element: <NotFound /> },
  ],
};
