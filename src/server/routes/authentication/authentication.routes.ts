import { loginRequestSchema, loginResponseSchema, sessionCheckResponseSchema } from '../../../contract/auth';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Authentication');

export const check = route.get('/authentication/check', 'The signed-in user', {
  security: [{ token: [] }],
  responses: { 200: jsonContent(sessionCheckResponseSchema, 'The user the token belongs to') },
});

export const login = route.post('/authentication/login', 'Sign in with email and password', {
  description: 'After 10 failures for one email from one address within 15 minutes, further attempts get 429.',
  security: [],
  request: { body: jsonBody(loginRequestSchema) },
  responses: { 200: jsonContent(loginResponseSchema, 'A new token and the user') },
  errors: [401, 429],
});

export const logout = route.post('/authentication/logout', 'Revoke the token used for this call (an API token too: it is deleted, as if revoked on the profile)', {
  security: [{ token: [] }],
  responses: { 204: { description: 'Signed out; the token no longer works' } },
});

export type CheckRoute = typeof check;
export type LoginRoute = typeof login;
export type LogoutRoute = typeof logout;
