import { z } from 'zod';

/** Sign-in form: the interaction's login step (not a dashboard-service call). */
export const LoginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Email address is required').max(254).regex(z.regexes.email, 'Please enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Where the browser goes after a successful sign-in step. */
export const LoginReplySchema = z.object({ redirectTo: z.string() });

/** Messages of the sign-in page. */
export const LOGIN_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  tooMany: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  expired: 'Your sign-in session expired. Please try again.',
} as const;

/** The interaction paths of the embedded provider (portal-owned). */
export const interactionPath = (uid: string, step?: 'login' | 'details' | 'abort') =>
  `/oidc/interaction/${encodeURIComponent(uid)}${step ? `/${step}` : ''}`;
