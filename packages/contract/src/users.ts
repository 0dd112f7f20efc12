import { z } from 'zod';
import { successData } from './common.ts';
import { userRoleSchema } from './auth.ts';

/** Shortest password a user may set (new users, resets, changes; the CLI too). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH);

/** A user as the admin's Users screen shows them. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  disabled: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListResponseSchema = successData(z.array(managedUserSchema));
export const userResponseSchema = successData(managedUserSchema);

export const createUserRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'must be an email address' }))
    // The OpenAPI document shows a pipe's input (a string): it should say what the pipe wants.
    .meta({ format: 'email' }),
  name: z.string().trim().min(1).max(200),
  role: userRoleSchema,
  password: passwordSchema,
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    role: userRoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of name, role, disabled',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** A reset password, shown to the admin once. */
export const resetPasswordResponseSchema = z.object({ success: z.literal(true), temporary_password: z.string() });

export const changePasswordRequestSchema = z.object({
  current_password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  new_password: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
