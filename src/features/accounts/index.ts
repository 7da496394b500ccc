// The accounts feature's public module: what other features may use of it (dependency-cruiser
// forbids reaching past it).
export { sessionOf } from './auth.service.js';
export { admitLogin, forgiveLogin } from './login-throttle.js';
export { hashPassword, verifyPassword } from './password.js';
export { deleteSessionsOfUser } from './sessions.repo.js';
export { findUserByEmail, findUserById, normalizeEmail, userNamesByIds } from './users.repo.js';
export { assertEmailVerified, assertMayMailOthers } from './verification.service.js';
export type { InvitationLanding, SignupInvitations } from './signup-invitations.js';
export { lastSignIns, setUserDisabled, userDirectory } from './users.directory.js';
export { createUser } from './users.service.js';
export { organizationsOfUser } from '../organizations/index.js';
export { sessionCookieOptions, startSession } from './sessions.service.js';
export type { SignInPolicy } from './sign-in-policy.js';
export {
  anonymizeUser,
  deleteRecoveryCodesOf,
  deleteUserTokensOf,
  forgetLoginThrottleOf,
  profileOf,
  sessionsPageOf,
  userContacts,
} from './personal-data.js';
export { deleteSessionsOfUsersIn } from './sessions.repo.js';
export type { KeysOfUser } from './keys-of-user.js';
export { recipientsAmong, userRows } from './users.queries.js';
