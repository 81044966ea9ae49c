-- Multi-factor sign-in (issue 14): a user's TOTP enrolment and their one-time recovery codes.
-- docs/decisions/021-multi-factor-sign-in.md.
--
-- One row per enrolled user. The TOTP secret must be readable to check codes, so it is stored encrypted
-- (AES-256-GCM with the key `mfa_secret_key` of app_secrets; never logged). `last_step` is the 30-second time
-- step of the last code accepted: a code of that step or an earlier one is refused (replay protection).
-- InternalAdmin/ResetMFA (issue 15) deletes the row and the codes: the user signs in with a password alone,
-- or enrols again when their role requires it.
CREATE TABLE user_mfa (
  user_id          text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  totp_secret_enc  text NOT NULL,
  enrolled_at      timestamptz NOT NULL DEFAULT now(),
  last_step        bigint NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Ten recovery codes per enrolled user, each stored only as its SHA-256 (the codes are 80 random bits: no
-- slow hash needed). Used codes keep their row with used_at set; regenerating replaces every row.
CREATE TABLE user_recovery_codes (
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code_hash)
);
