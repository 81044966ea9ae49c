-- Manage my account (issue 14): email change with re-verification, and the contact preferences' email.
--
-- An email change is a one-time link of purpose 'email-change' (24 h, single use, only the SHA-256 of its
-- token stored, like the other links) sent to the NEW address; the address waits on the link until it is
-- followed. The user's email changes only then.
ALTER TABLE one_time_links DROP CONSTRAINT IF EXISTS one_time_links_purpose_check;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_purpose_check CHECK (purpose IN ('verify', 'reset', 'signin', 'email-change'));
ALTER TABLE one_time_links ADD COLUMN new_email text;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_new_email CHECK ((purpose = 'email-change') = (new_email IS NOT NULL));

-- Contact preferences (spec section 5 "Contact update"): the address email alerts go to. NULL: the account's
-- own email (and it follows an email change).
ALTER TABLE user_contact_prefs ADD COLUMN agent_email text;
