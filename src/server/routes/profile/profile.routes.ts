import { createRoute } from '@hono/zod-openapi';
import { passwordChangeSchema, profileUpdateSchema } from '../../../contract/account';
import { userSchema } from '../../../contract/auth';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const tags = ['Profile'];

export const getProfile = createRoute({
  method: 'get',
  path: '/profile',
  tags,
  summary: 'The signed-in user’s profile',
  responses: { 200: jsonContent(userSchema, 'The profile'), ...errorResponses(401) },
});

export const updateProfile = createRoute({
  method: 'patch',
  path: '/profile',
  tags,
  summary: 'Change name and email',
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: jsonContent(userSchema, 'The updated profile'), ...errorResponses(400, 401, 409) },
});

export const changePassword = createRoute({
  method: 'post',
  path: '/profile/password',
  tags,
  summary: 'Change the password; every other session of the user is signed out',
  request: { body: jsonBody(passwordChangeSchema) },
  responses: { 204: { description: 'Changed; this token keeps working, all others are revoked' }, ...errorResponses(400, 401, 429) },
});

export type GetProfileRoute = typeof getProfile;
export type UpdateProfileRoute = typeof updateProfile;
export type ChangePasswordRoute = typeof changePassword;
