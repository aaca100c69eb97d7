import { createRouter } from '../../http/context';
import * as handlers from './invitations.handlers';
import * as routes from './invitations.routes';

// The public lookup and accept routes come first so that they are not taken for an {id}.
export const invitationsRouter = createRouter()
  .openapi(routes.lookUpInvitation, handlers.lookUpInvitation)
  .openapi(routes.acceptInvitation, handlers.acceptInvitation)
  .openapi(routes.listInvitations, handlers.listInvitations)
  .openapi(routes.createInvitation, handlers.createInvitation)
  .openapi(routes.resendInvitation, handlers.resendInvitation)
  .openapi(routes.revokeInvitation, handlers.revokeInvitation);
