-- Passkeys (issue 14): WebAuthn credentials as a second way to sign in, registered in manage-account, and the
-- short-lived single-use challenges of their ceremonies. docs/decisions/022-passkeys.md.

CREATE TABLE passkeys (
  -- The credential id as the browser reports it (base64url); the assertion names it.
  id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]+$' AND char_length(id) BETWEEN 16 AND 1366),
  user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The COSE public key (base64url).
  public_key    text NOT NULL,
  -- The signature counter the authenticator last reported (0 for authenticators that keep none).
  counter       bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  -- The transports the browser reported at registration ('internal', 'hybrid', 'usb'…), as hints.
  transports    jsonb NOT NULL DEFAULT '[]',
  -- The name the user gave it (or one the portal chose).
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  device_type   text NOT NULL DEFAULT 'singleDevice' CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up     boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);

-- One challenge per ceremony: a registration's is bound to the user, a sign-in's to the provider's interaction
-- uid. Taken (deleted) by the answer that uses it, right or wrong; expired ones are refused and swept.
CREATE TABLE passkey_challenges (
  id               bigserial PRIMARY KEY,
  purpose          text NOT NULL CHECK (purpose IN ('register', 'signin')),
  user_id          text REFERENCES users(id) ON DELETE CASCADE,
  interaction_uid  text,
  challenge        text NOT NULL,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((purpose = 'register') = (user_id IS NOT NULL AND interaction_uid IS NULL)),
  CHECK ((purpose = 'signin') = (interaction_uid IS NOT NULL AND user_id IS NULL))
);
-- At most one live challenge per user (registration) and per interaction (sign-in): a new one replaces it.
CREATE UNIQUE INDEX passkey_challenges_user ON passkey_challenges (user_id) WHERE purpose = 'register';
CREATE UNIQUE INDEX passkey_challenges_uid ON passkey_challenges (interaction_uid) WHERE purpose = 'signin';
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
