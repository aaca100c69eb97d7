import { z } from 'zod';

/** The signed-in user as the API returns it (login and session check). */
export const userSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string().describe('ISO 8601 timestamp'),
  lastLoginAt: z.string().nullable().describe('ISO 8601 timestamp of the sign-in before the one that made this session; null until there was one'),
});
export type User = z.infer<typeof userSchema>;

const required = (field: z.ZodString) => field.trim().min(1, 'Required');

/** Login form and `POST authentication/login` body. */
export const loginRequestSchema = z.object({
  email: required(z.string({ error: 'Required' })).max(320, 'At most 320 characters'),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1024, 'At most 1024 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionCheckResponseSchema = z.object({ user: userSchema });
export type SessionCheckResponse = z.infer<typeof sessionCheckResponseSchema>;
