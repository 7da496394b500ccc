// What the invitation routes share: their tag, the session they read, their problem answers.
import { problemResponse } from '../../http/openapi.js';

export const tags = ['members'];
// The /auth routes read the cookie themselves (like /auth/me): the invitee may not belong to any
// workspace the auth plugin could resolve (sessionRoute).
export const cookieAuth = [{ session: [] }];
export const noSession = problemResponse('No session, or it expired', 401);
export const badCsrf = problemResponse('X-CSRF-Token missing or wrong', 403);
export const notYours = problemResponse("No such invitation for the session user's e-mail address", 404);
export const closed = problemResponse(
  'The invitation was already accepted, declined or revoked, or it expired, or a newer link replaced this one',
  409,
);
