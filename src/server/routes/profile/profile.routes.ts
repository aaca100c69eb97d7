import { passwordChangeSchema, profileUpdateSchema } from '../../../contract/account';
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

export const changePassword = route.post('/profile/password', 'Change the password; every other session of the user is signed out', {
  request: { body: jsonBody(passwordChangeSchema) },
  responses: { 204: { description: 'Changed; this token keeps working, all others are revoked' } },
  errors: [429],
});

export type GetProfileRoute = typeof getProfile;
export type UpdateProfileRoute = typeof updateProfile;
export type ChangePasswordRoute = typeof changePassword;
