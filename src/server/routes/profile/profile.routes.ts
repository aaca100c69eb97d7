import { apiTokenCreateSchema, apiTokenIssuedSchema, apiTokenListSchema, passwordChangeSchema, profileUpdateSchema } from '../../../contract/account';
import { userSchema } from '../../../contract/auth';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Profile');

export const getProfile = route.get('/profile', 'The signed-in user’s profile', { responses: { 200: jsonContent(userSchema, 'The profile') } });

export const updateProfile = route.patch('/profile', 'Change name and email', {
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: jsonContent(userSchema, 'The updated profile') },
  errors: [409],
});

export const changePassword = route.post('/profile/password', 'Change the password; every other session of the user is signed out (their API tokens keep working)', {
  request: { body: jsonBody(passwordChangeSchema) },
  responses: { 204: { description: 'Changed; this token and the user’s API tokens keep working, every other session is revoked' } },
  errors: [403, 429],
});

export const listApiTokens = route.get('/profile/tokens', 'Your API tokens, newest first (never the tokens themselves)', {
  responses: { 200: jsonContent(apiTokenListSchema, 'Your API tokens') },
});

export const createApiToken = route.post(
  '/profile/tokens',
  'Create an API token for scripts and BrAPI clients: it acts as you, and is shown this once (a call made with an API token may not create, revoke or change credentials: 403)',
  {
    request: { body: jsonBody(apiTokenCreateSchema) },
    responses: { 201: jsonContent(apiTokenIssuedSchema, 'The token, shown this once, and what is kept of it') },
    errors: [403, 409],
  },
);

export const revokeApiToken = route.byId.delete('/profile/tokens/{id}', 'Revoke one of your API tokens: calls made with it are refused at once, on every instance', {
  responses: { 204: { description: 'Revoked' } },
  errors: [403, 404],
});

export type GetProfileRoute = typeof getProfile;
export type UpdateProfileRoute = typeof updateProfile;
export type ChangePasswordRoute = typeof changePassword;
export type ListApiTokensRoute = typeof listApiTokens;
export type CreateApiTokenRoute = typeof createApiToken;
export type RevokeApiTokenRoute = typeof revokeApiToken;
