import { Navigate, useSearchParams } from 'react-router';
import { useInvitationPreview } from '../api/hooks/invitations';
import { useI18n } from '../i18n/i18n';
import { lazyForm } from '../ui/lazy-form';
import { AuthFrame } from './account/AuthFrame';

export { returnPath, type LoginState } from './auth/return-path';

export const Login = lazyForm(() => import('./auth/LoginForm').then((m) => m.LoginForm));
const SignupForm = lazyForm(() => import('./auth/SignupForm').then((m) => m.SignupForm));

/**
 * `/signup`, and `/signup?invitation=<token>` from an invitation page (docs/decisions.md D63): the
 * invited address filled in and locked, no organization asked for, and the new account lands in
 * the inviting organization's first invited workspace.
 */
export function Signup() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const preview = useInvitationPreview(token);
  if (!token) return <SignupForm invited={null} />;
  if (preview.isPending) return <AuthFrame title={t('invitation.loading')}>{null}</AuthFrame>;
  const inv = preview.data;
  if (inv && inv.status === 'pending') return <SignupForm invited={{ ...inv, token }} />;
  // A link that no longer accepts: its page says why.
  return <Navigate to={`/invitations/accept?token=${encodeURIComponent(token)}`} replace />;
}
