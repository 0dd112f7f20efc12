import { z } from 'zod';

export const userRoleSchema = z.enum(['admin', 'member']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
});
export type User = z.infer<typeof userSchema>;

/** Who is asking for data: admins see every user's fetch sessions, batches and CRM pushes, members their own. */
export type Viewer = Pick<User, 'id' | 'role'>;

export const seesEveryonesData = (viewer: Pick<User, 'role'>) => viewer.role === 'admin';

/** Whether `viewer` may see data `ownerId` created (others' data answers 404, as if it did not exist). */
export const canSeeDataOf = (viewer: Viewer, ownerId: number) => seesEveryonesData(viewer) || viewer.id === ownerId;

/** The owner to filter on for `viewer`: their own id, or undefined (anyone's) for an admin. */
export const ownerFilterFor = (viewer: Viewer) => (seesEveryonesData(viewer) ? undefined : viewer.id);

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Session lifetimes (SPEC.md section 4: the app refreshes every 30 minutes). */
export const SESSION_REFRESH_INTERVAL_MS = 1_800_000;
// Longer than the refresh interval: an open but untouched tab refreshes at 30 minutes and must still
// find its session alive then (a timer fires late, never early).
export const SESSION_IDLE_TIMEOUT_MS = SESSION_REFRESH_INTERVAL_MS + 5 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** The screens a user may land on after sign-in (issue 35). */
export const LANDING_PAGES = ['dashboard', 'signals'] as const;
export const landingPageSchema = z.enum(LANDING_PAGES);
export type LandingPage = z.infer<typeof landingPageSchema>;

/** Where `role` lands when its user chose nothing: members on Signals (their work), admins on the Dashboard. */
export const defaultLandingPage = (role: UserRole): LandingPage => (role === 'admin' ? 'dashboard' : 'signals');

/** `PUT /auth/preferences`: the user's own choices; null goes back to the role's default. */
export const preferencesRequestSchema = z.object({ landing_page: landingPageSchema.nullable() });
export type PreferencesRequest = z.infer<typeof preferencesRequestSchema>;

/** `GET /auth/preferences`: the choices, and the screen they come to (`landing`). */
export const preferencesResponseSchema = z.object({
  success: z.literal(true),
  data: preferencesRequestSchema.extend({ landing: landingPageSchema }),
});
export type Preferences = z.infer<typeof preferencesResponseSchema>['data'];
