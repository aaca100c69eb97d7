import { createRoute } from '@hono/zod-openapi';
import { loginRequestSchema, loginResponseSchema, sessionCheckResponseSchema } from '../../../contract/auth';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const tags = ['Authentication'];
const bearer = [{ token: [] }];

export const check = createRoute({
  method: 'get',
  path: '/authentication/check',
  tags,
  security: bearer,
  summary: 'The signed-in user',
  responses: {
    200: jsonContent(sessionCheckResponseSchema, 'The user the token belongs to'),
    ...errorResponses(401),
  },
});

export const login = createRoute({
  method: 'post',
  path: '/authentication/login',
  tags,
  security: [],
  summary: 'Sign in with email and password',
  description: 'After 10 failures for one email from one address within 15 minutes, further attempts get 429.',
  request: {
    body: jsonBody(loginRequestSchema),
  },
  responses: {
    200: jsonContent(loginResponseSchema, 'A new token and the user'),
    ...errorResponses(400, 401, 429),
  },
});

export const logout = createRoute({
  method: 'post',
  path: '/authentication/logout',
  tags,
  security: bearer,
  summary: 'Revoke the token used for this call',
  responses: {
    204: { description: 'Signed out; the token no longer works' },
    ...errorResponses(401),
  },
});

export type CheckRoute = typeof check;
export type LoginRoute = typeof login;
export type LogoutRoute = typeof logout;
