import type { ServiceDeps } from '../../platform/deps.js';
import { unauthenticated } from '../../http/errors.js';
import { checkCsrf } from '../../http/csrf.js';
import { sessionOf } from './auth.service.js';
import { updateProfile } from './users.repo.js';
import { toUser, type UpdateMeBody } from './auth.schemas.js';

/**
 * The session user's own name and language. The language is what every mail to the user is
 * written in (docs/accounts.md, "Language"), so the dashboard's language picker stores it here.
 */
export async function updateMe(ctx: ServiceDeps, token: string | undefined, csrf: unknown, body: UpdateMeBody) {
  const session = await sessionOf(ctx, token);
  checkCsrf(session.csrf_token, csrf);
  const patch = {
    ...(body.name !== undefined ? { name: body.name === null ? null : body.name.trim() } : {}),
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
  };
  const row = await updateProfile(ctx.db, session.user_id, patch, ctx.clock.now().toISOString());
  if (!row) throw unauthenticated();
  return toUser(row);
}
