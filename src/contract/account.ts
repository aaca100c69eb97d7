import { z } from 'zod';
import { userSchema } from './auth';

export const MIN_PASSWORD_LENGTH = 12;

const requiredText = (max: number) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `At most ${max} characters`);

export const emailField = z.string({ error: 'Required' }).trim().min(1, 'Required').max(320, 'At most 320 characters').pipe(z.email('Enter an email address such as name@example.org'));

export const newPasswordField = z.string({ error: 'Required' }).min(1, 'Required').min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(1024, 'At most 1024 characters');

const samePassword = <T extends { newPassword: string; confirmPassword: string }>(value: T) => value.newPassword === value.confirmPassword;
const confirmMismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** The password may not be the account's email (in any case). */
export function isPasswordTheEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
export const PASSWORD_IS_EMAIL = 'The password must not be your email address';

export const profileUpdateSchema = z.object({
  name: requiredText(200),
  email: emailField,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Required' }).min(1, 'Required').max(1024),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required'),
  })
  .refine(samePassword, confirmMismatch);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  note: z.string(),
  status: invitationStatusSchema,
  invitedBy: userSchema.pick({ id: true, name: true, email: true }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreateSchema = z.object({
  email: emailField,
  note: z.string().trim().max(1000, 'At most 1000 characters').default(''),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

/** A new or resent invitation: the link is shown this once, as only its hash is stored. */
export const invitationIssuedSchema = z.object({
  invitation: invitationSchema,
  acceptUrl: z.string(),
  emailSent: z.boolean(),
});
export type InvitationIssued = z.infer<typeof invitationIssuedSchema>;

export const invitationLookupSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
  note: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;
/** The token of an invitation link, to look it up. */
export const invitationTokenQuerySchema = z.object({ token: z.string({ error: 'Required' }).min(1, 'Required').max(200) });

export const invitationAcceptSchema = z
  .object({
    token: z.string({ error: 'Required' }).min(1, 'Required').max(200),
    name: requiredText(200),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required'),
  })
  .refine(samePassword, confirmMismatch);
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

export const INVITATION_LIFETIME_DAYS = 7;

/** The password-change rules for one account, including "not the email". */
export function passwordChangeSchemaFor(email: string) {
  return passwordChangeSchema.refine((value) => !isPasswordTheEmail(value.newPassword, email), { message: PASSWORD_IS_EMAIL, path: ['newPassword'] });
}

/** The acceptance rules for one invited email, including "not the email". */
export function invitationAcceptSchemaFor(email: string) {
  return invitationAcceptSchema.refine((value) => !isPasswordTheEmail(value.newPassword, email), { message: PASSWORD_IS_EMAIL, path: ['newPassword'] });
}

/** The lifetimes the console offers for an API token, in days; the API takes any from 1 to 366, or none. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;
export const MAX_API_TOKEN_DAYS = 366;

/** A named API token, as its owner sees it: never the token itself, which is shown once. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** Null until a call is made with it. */
  lastUsedAt: z.string().nullable(),
  /** Null: it does not expire. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreateSchema = z.object({
  name: requiredText(100),
  /** Days until it stops working; null for a token that works until it is revoked. */
  expiresInDays: z
    .number({ error: 'Choose how long the token works' })
    .int('Whole days')
    .min(1, 'At least 1 day')
    .max(MAX_API_TOKEN_DAYS, `At most ${MAX_API_TOKEN_DAYS} days; choose no expiry for a token that works until it is revoked`)
    .nullable(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A new API token: the token is shown this once, as only its hash is stored. */
export const apiTokenIssuedSchema = z.object({ apiToken: apiTokenSchema, token: z.string() });
export type ApiTokenIssued = z.infer<typeof apiTokenIssuedSchema>;

/** A user's API tokens, newest first (at most MAX_API_TOKENS, so one list). */
export const apiTokenListSchema = z.object({ data: z.array(apiTokenSchema) });
export const MAX_API_TOKENS = 50;
