import { createRoute } from '@hono/zod-openapi';
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
import { idParamsSchema as idParams, listQuerySchema, pageOf } from '../../../contract/list';
import { LISTS } from '../../../contract/list-definitions';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

const tags = ['Invitations'];

export const listInvitations = createRoute({
  method: 'get',
  path: '/invitations',
  tags,
  summary: 'Invitations, newest first by default',
  request: { query: listQuerySchema(LISTS.invitations, { status: invitationStatusSchema.optional() }) },
  responses: { 200: jsonContent(pageOf(invitationSchema), 'A page of invitations'), ...errorResponses(400, 401) },
});

export const createInvitation = createRoute({
  method: 'post',
  path: '/invitations',
  tags,
  summary: 'Invite a colleague; the link is valid for 7 days and works once',
  request: { body: jsonBody(invitationCreateSchema) },
  responses: { 201: jsonContent(invitationIssuedSchema, 'The invitation and its link, shown this once'), ...errorResponses(400, 401, 409, 503) },
});

export const resendInvitation = createRoute({
  method: 'post',
  path: '/invitations/{id}/resend',
  tags,
  summary: 'A new link (the old one stops working) valid for another 7 days',
  request: { params: idParams },
  responses: { 200: jsonContent(invitationIssuedSchema, 'The invitation and its new link'), ...errorResponses(401, 404, 409, 503) },
});

export const revokeInvitation = createRoute({
  method: 'post',
  path: '/invitations/{id}/revoke',
  tags,
  summary: 'Withdraw a pending invitation',
  request: { params: idParams },
  responses: { 200: jsonContent(invitationSchema, 'The revoked invitation'), ...errorResponses(401, 404, 409) },
});

export const lookUpInvitation = createRoute({
  method: 'get',
  path: '/invitations/lookup',
  tags,
  security: [],
  summary: 'What an invitation link is for (public; rate-limited)',
  request: { query: invitationTokenQuerySchema },
  responses: { 200: jsonContent(invitationLookupSchema, 'The invited email'), ...errorResponses(400, 404, 410, 429) },
});

export const acceptInvitation = createRoute({
  method: 'post',
  path: '/invitations/accept',
  tags,
  security: [],
  summary: 'Create the invited account and sign in (public; rate-limited)',
  request: { body: jsonBody(invitationAcceptSchema) },
  responses: {
    201: jsonContent(loginResponseSchema, 'The new account, signed in'),
    ...errorResponses(400, 404, 409, 410, 429),
  },
});
