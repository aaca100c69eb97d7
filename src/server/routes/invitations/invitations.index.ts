import { routerOf } from '../../http/openapi-routes';
import * as handlers from './invitations.handlers';
import * as routes from './invitations.routes';

// The public lookup and accept routes come first so that they are not taken for an {id}.
export const invitationsRouter = routerOf(routes, handlers, ['lookUpInvitation', 'acceptInvitation', 'listInvitations', 'createInvitation', 'resendInvitation', 'revokeInvitation']);
