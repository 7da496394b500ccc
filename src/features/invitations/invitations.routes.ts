import type { App } from '../../http/types.js';
import { memberInvitationsRoutes } from './member-invitations.routes.js';
import { myInvitationsRoutes } from './my-invitations.routes.js';
import { invitationAcceptRoutes } from './invitation-accept.routes.js';

export default async function invitationsRoutes(app: App) {
  memberInvitationsRoutes(app);
  myInvitationsRoutes(app);
  invitationAcceptRoutes(app);
}
