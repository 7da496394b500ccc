import { AppError } from '../../http/errors.js';
import { organizationsOfUser, type SignInPolicy } from '../accounts/index.js';
import { requiringOrganizations } from './sso.repo.js';

/**
 * The accounts feature's password sign-in and reset ask this (docs/decisions.md D80): a member of an
 * organization that requires single sign-on signs in only through its provider, whichever of its
 * organizations it meant, since a session reaches all of them.
 */
export const ssoSignInPolicy: SignInPolicy = {
  async passwordRefusal(db, userId) {
    const orgs = await organizationsOfUser(db, userId);
    const [first] = await requiringOrganizations(
      db,
      orgs.map((o) => o.id),
    );
    if (!first) return null;
    const slug = orgs.find((o) => o.id === first.organization_id)!.slug;
    return new AppError(
      'sso-required',
      `Your organization ${slug} requires single sign-on: sign in through its identity provider.`,
      { organization: slug, sign_in_path: `/auth/sso/start?organization=${encodeURIComponent(slug)}` },
    );
  },
};
