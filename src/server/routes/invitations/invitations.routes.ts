import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationIssuedSchema,
  invitationLookupSchema,
  invitationSchema,
  invitationStatusSchema,
  invitationTokenQuerySchema,
} from '../../../contract/account';
import { loginResponseSchema } from '../../../contract/auth';
import { listQuerySchema, pageOf } from '../../../contract/list';
import { LISTS } from '../../../contract/list-definitions';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Invitations');

export const listInvitations = route.get('/invitations', 'Invitations, newest first by default', {
  request: { query: listQuerySchema(LISTS.invitations, { status: invitationStatusSchema.optional() }) },
  responses: { 200: jsonContent(pageOf(invitationSchema), 'A page of invitations') },
});

export const createInvitation = route.post('/invitations', 'Invite a colleague; the link is valid for 7 days and works once', {
  request: { body: jsonBody(invitationCreateSchema) },
  responses: { 201: jsonContent(invitationIssuedSchema, 'The invitation and its link, shown this once') },
  errors: [409, 503],
});

export const resendInvitation = route.byId.post('/invitations/{id}/resend', 'A new link (the old one stops working) valid for another 7 days', {
  responses: { 200: jsonContent(invitationIssuedSchema, 'The invitation and its new link') },
  errors: [409, 503],
});

export const revokeInvitation = route.byId.post('/invitations/{id}/revoke', 'Withdraw a pending invitation', {
  responses: { 200: jsonContent(invitationSchema, 'The revoked invitation') },
  errors: [409],
});

export const lookUpInvitation = route.get('/invitations/lookup', 'What an invitation link is for (public; rate-limited)', {
  security: [],
  request: { query: invitationTokenQuerySchema },
  responses: { 200: jsonContent(invitationLookupSchema, 'The invited email') },
  errors: [404, 410, 429],
});

export const acceptInvitation = route.post('/invitations/accept', 'Create the invited account and sign in (public; rate-limited)', {
  security: [],
  request: { body: jsonBody(invitationAcceptSchema) },
  responses: { 201: jsonContent(loginResponseSchema, 'The new account, signed in') },
  errors: [404, 409, 410, 429],
});
