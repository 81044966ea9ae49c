/**
 * Passkeys (issue 14): WebAuthn credentials as a second way to sign in, registered in manage-account. A file
 * apart from user.ts, which ships with every dashboard page: these ship only with the chunk that uses them.
 * docs/decisions/022-passkeys.md.
 *
 * - User/GetPasskeys: the caller's own passkeys (name, created, last used). Nobody sees another user's.
 * - User/StartPasskeyRegistration → the options for navigator.credentials.create() (a challenge bound to the
 *   caller, five minutes, single use); User/FinishPasskeyRegistration takes the browser's answer and a name.
 * - User/RenamePasskey, User/DeletePasskey: the caller's own passkey by its id; another user's is not found.
 *
 * The sign-in itself is a step of the provider's interaction (not a dashboard call): passkeyOptionsPath and
 * passkeyPath below.
 */
import { z } from 'zod/mini';
import type { AuthenticationExtensionsClientOutputs, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { body, defineCall, query, SIGNED_IN } from './contract.ts';

/** The server's passkey messages (their codes are in the `messages` namespace, block "Passkeys"). */
export const PASSKEY_MESSAGES = {
  notFound: 'Passkey not found.',
  failed: 'This passkey could not be used to sign in. Try again, or sign in with your password.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  expired: 'The passkey request expired. Please try again.',
  tooMany: 'You can have at most 10 passkeys. Remove one before adding another.',
  invalidResponse: 'Invalid passkey response',
  nameTooLong: 'The passkey name must be at most 60 characters.',
} as const;

/** Passkeys a user may hold at most. */
export const MAX_PASSKEYS = 10;

/** A credential id or another WebAuthn binary field, base64url without padding. */
const b64url = (max: number) => z.string().check(z.minLength(1, PASSKEY_MESSAGES.invalidResponse), z.maxLength(max, PASSKEY_MESSAGES.invalidResponse), z.regex(/^[A-Za-z0-9_-]+$/, PASSKEY_MESSAGES.invalidResponse));
/** A credential id (WebAuthn: at most 1023 bytes, 1364 characters in base64url). */
export const PasskeyIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{16,1366}$/, 'Invalid passkey id'));
/** A passkey's name: optional when adding (the portal chooses one), at most 60 characters. */
const PasskeyNameSchema = z.string().check(z.trim(), z.maxLength(60, PASSKEY_MESSAGES.nameTooLong));

/** The client's extension outputs (an object; the portal asks for none). */
const ClientExtensionsSchema = z.custom<AuthenticationExtensionsClientOutputs>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), PASSKEY_MESSAGES.invalidResponse);

/** What the browser answers to navigator.credentials.create() (@simplewebauthn/browser's startRegistration). */
export const RegistrationResponseSchema = z.object({
  id: b64url(1366),
  rawId: b64url(1366),
  type: z.literal('public-key', PASSKEY_MESSAGES.invalidResponse),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensionsSchema,
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(32768),
    authenticatorData: z.optional(b64url(32768)),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.int()),
    publicKey: z.optional(b64url(8192)),
  }),
});

/** What the browser answers to navigator.credentials.get() (@simplewebauthn/browser's startAuthentication). */
export const AuthenticationResponseSchema = z.object({
  id: b64url(1366),
  rawId: b64url(1366),
  type: z.literal('public-key', PASSKEY_MESSAGES.invalidResponse),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensionsSchema,
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(32768),
    signature: b64url(8192),
    userHandle: z.optional(b64url(1024)),
  }),
});

/** One of the user's passkeys. */
export const PasskeySchema = z.object({
  Id: z.string(),
  Name: z.string(),
  /** ISO timestamps. */
  CreatedAt: z.string(),
  LastUsedAt: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** The options of navigator.credentials.create(), as @simplewebauthn/browser takes them. */
const CreationOptionsSchema = z.custom<PublicKeyCredentialCreationOptionsJSON>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { challenge?: unknown }).challenge === 'string',
);
/** The options of navigator.credentials.get(). */
export const RequestOptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { challenge?: unknown }).challenge === 'string',
);

/** The caller's passkeys, oldest first. */
export const GetPasskeys = defineCall({
  name: 'GetPasskeys',
  method: 'GET',
  path: 'User/GetPasskeys',
  request: query({}),
  result: z.array(PasskeySchema),
  access: SIGNED_IN,
  mutates: false,
});

/** Starts adding a passkey: the options for the browser (a new challenge replaces an unfinished one). */
export const StartPasskeyRegistration = defineCall({
  name: 'StartPasskeyRegistration',
  method: 'POST',
  path: 'User/StartPasskeyRegistration',
  request: body({}),
  result: CreationOptionsSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Finishes adding a passkey: the browser's answer to the options, and an optional name. */
export const FinishPasskeyRegistration = defineCall({
  name: 'FinishPasskeyRegistration',
  method: 'POST',
  path: 'User/FinishPasskeyRegistration',
  request: body({ Name: z.optional(PasskeyNameSchema), Response: RegistrationResponseSchema }),
  result: PasskeySchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Renames one of the caller's passkeys. */
export const RenamePasskey = defineCall({
  name: 'RenamePasskey',
  method: 'POST',
  path: 'User/RenamePasskey',
  request: body({ Id: PasskeyIdSchema, Name: PasskeyNameSchema.check(z.minLength(1, 'Please enter a name')) }),
  result: PasskeySchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Removes one of the caller's passkeys; answers with the passkeys left. */
export const DeletePasskey = defineCall({
  name: 'DeletePasskey',
  method: 'POST',
  path: 'User/DeletePasskey',
  request: body({ Id: PasskeyIdSchema }),
  result: z.array(PasskeySchema),
  access: SIGNED_IN,
  mutates: true,
});

/** The sign-in step's request: the options (a challenge bound to the interaction). */
export const passkeyOptionsPath = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/passkey/options`;
/** The sign-in step's answer: the browser's assertion. */
export const passkeyPath = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/passkey`;
/** The body of the sign-in step. */
export const PasskeySignInSchema = z.strictObject({ response: AuthenticationResponseSchema });
