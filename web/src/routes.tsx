import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Public, RequireSession } from './route-guards';
import { later } from './ui/later';
import { Layout } from './ui/Layout';
import { Login, Signup } from './pages/Auth';
import { Account } from './pages/account/Account';
import { ForgotPassword } from './pages/account/ForgotPassword';
import { ResetPassword } from './pages/account/ResetPassword';
import { ConfirmEmail, VerifyEmail } from './pages/account/VerifyEmail';
import { Codes } from './pages/Codes';
import { CodeEdit } from './pages/CodeEdit';
import { CodeDetail } from './pages/CodeDetail';
import { ApiKeys } from './pages/ApiKeys';
import { Webhooks } from './pages/Webhooks';
import { Overview } from './pages/Overview';
import { Batch } from './pages/Batch';
import { WorkspaceSettings, Workspaces } from './pages/Workspaces';
import { Members } from './pages/team/Members';
import { Permissions } from './pages/team/Permissions';
import { Approvals } from './pages/team/Approvals';
import { Audit } from './pages/team/Audit';
import { OrganizationSettings } from './pages/settings/Organization';
import { Domains } from './pages/settings/Domains';
import { Brand } from './pages/settings/Brand';
import { ScansExport } from './pages/settings/ScansExport';
import { Billing } from './pages/Billing';
import { AcceptInvitation } from './pages/team/AcceptInvitation';
import { Privacy } from './pages/Privacy';
import { operatorRoutes } from './pages/operator/operator-routes';

// Battery passports are a chunk of their own: the first screen does not load the editor.
const Passports = lazy(() => import('./pages/dpp/Passports'));
const PassportEditor = lazy(() => import('./pages/dpp/PassportEditor'));
const Gs1Prefixes = lazy(() => import('./pages/dpp/Gs1Prefixes'));
const Models = lazy(() => import('./pages/dpp/Models'));
const ModelEditor = lazy(() => import('./pages/dpp/ModelEditor'));
const Credentials = lazy(() => import('./pages/dpp/Credentials'));
const SsoSettings = lazy(() => import('./pages/settings/Sso'));

/** The dashboard's screens by address; the first screen's chunk holds only what it shows at once. */
export const router = createBrowserRouter([
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
    path: '/forgot-password',
    element: (
      <Public>
        <ForgotPassword />
      </Public>
    ),
  },
  // The pages e-mailed links open work signed in or not.
  { path: '/reset-password', element: <ResetPassword /> },
  { path: '/verify-email', element: <VerifyEmail /> },
  { path: '/confirm-email', element: <ConfirmEmail /> },
  // The invitation's link: what it offers, then sign up, log in, or accept (docs/decisions.md D63).
  { path: '/invitations/accept', element: <AcceptInvitation /> },
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
      { path: 'webhooks', element: <Webhooks /> },
      { path: 'workspaces', element: <Workspaces /> },
      { path: 'workspaces/:id', element: <WorkspaceSettings /> },
      { path: 'account', element: <Account /> },
      { path: 'approvals', element: <Approvals /> },
      { path: 'audit', element: <Audit /> },
      { path: 'export', element: <ScansExport /> },
      { path: 'passports', element: later(<Passports />) },
      { path: 'passports/new', element: later(<PassportEditor />) },
      { path: 'passports/models', element: later(<Models />) },
      { path: 'passports/models/new', element: later(<ModelEditor />) },
      { path: 'passports/models/:id', element: later(<ModelEditor />) },
      { path: 'passports/:id', element: later(<PassportEditor />) },
      { path: 'settings/gs1-prefixes', element: later(<Gs1Prefixes />) },
      { path: 'settings/passport-access', element: later(<Credentials />) },
      { path: 'settings', element: <Navigate to="/settings/organization" replace /> },
      { path: 'settings/organization', element: <OrganizationSettings /> },
      { path: 'settings/domains', element: <Domains /> },
      { path: 'settings/brand', element: <Brand /> },
      { path: 'settings/members', element: <Members /> },
      { path: 'settings/sso', element: later(<SsoSettings />) },
      { path: 'settings/permissions', element: <Permissions /> },
      { path: 'billing', element: <Billing /> },
      { path: 'privacy', element: <Privacy /> },
      operatorRoutes,
      { path: '*', element: <Navigate to="/codes" replace /> },
    ],
  },
]);
