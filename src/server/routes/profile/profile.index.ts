import { routerOf } from '../../http/openapi-routes';
import * as handlers from './profile.handlers';
import * as routes from './profile.routes';

export const profileRouter = routerOf(routes, handlers, ['getProfile', 'updateProfile', 'changePassword', 'listApiTokens', 'createApiToken', 'revokeApiToken']);
