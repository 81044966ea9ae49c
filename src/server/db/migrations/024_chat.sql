-- Live chat with the Agency Care Desk (issue 18, docs/decisions/035-live-chat.md).
--
-- Chats and their events: messages, system lines and status changes are rows of chat_events, whose global
-- bigserial id is the order a stream replays them in and resumes after (SSE Last-Event-ID). Event rows are
-- written under a transaction-level advisory lock (services/chat/store.ts), so ids commit in order: a stream
-- that read id N never later finds a smaller id appear.

-- The care-desk group: users (of any role) who answer chats; internal admins are staff by role.
CREATE TABLE care_desk_members (
  user_id    text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  added_by   text NOT NULL,
  added_at   timestamptz NOT NULL DEFAULT now()
);

-- Each staff member's availability: `available` is their choice (and the server's, when they leave); it counts
-- only while `last_seen_at` (an open console stream touches it, so does any console call) is recent.
CREATE TABLE care_desk_staff_status (
  user_id      text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  available    boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  changed_at   timestamptz NOT NULL DEFAULT now()
);
-- GetChatAvailability: "is anyone available and seen lately?" reads only the available rows.
CREATE INDEX care_desk_staff_available ON care_desk_staff_status (last_seen_at) WHERE available;

-- Every change of availability: who, when, why (set by the staff member, or by the server: no console seen,
-- signed out, removed from the group).
CREATE TABLE care_desk_availability_log (
  id         bigserial PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  available  boolean NOT NULL,
  reason     text NOT NULL CHECK (reason IN ('set', 'console-gone', 'signed-out', 'removed')),
  -- The user who made the change, or null when the server did.
  changed_by text,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX care_desk_availability_log_user ON care_desk_availability_log (user_id, at DESC);
CREATE INDEX care_desk_availability_log_at ON care_desk_availability_log (at);

CREATE TABLE chats (
  id            serial PRIMARY KEY,
  agent_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agency_number text REFERENCES agencies(agency_number) ON DELETE SET NULL,
  -- The path the agent was on when the chat started.
  page          text NOT NULL,
  -- The agent's language (the host they chatted from): system lines and the transcript email use it.
  lang          text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'es')),
  status        text NOT NULL DEFAULT 'Waiting' CHECK (status IN ('Waiting', 'Active', 'Closed')),
  staff_user_id text REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  accepted_at   timestamptz,
  closed_at     timestamptz,
  closed_by     text CHECK (closed_by IN ('agent', 'staff')),
  CHECK ((status = 'Closed') = (closed_at IS NOT NULL))
);
-- One open chat per agent (StartChat answers the open one).
CREATE UNIQUE INDEX chats_open_per_agent ON chats (agent_user_id) WHERE status <> 'Closed';
-- The queue, oldest first.
CREATE INDEX chats_waiting ON chats (created_at) WHERE status = 'Waiting';
-- A staff member's chats.
CREATE INDEX chats_staff_open ON chats (staff_user_id) WHERE status = 'Active';
-- Figures over a period (analytics).
CREATE INDEX chats_created ON chats (created_at);

CREATE TABLE chat_events (
  id             bigserial PRIMARY KEY,
  chat_id        integer NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  -- 'message': a line written by the agent or staff; 'system': a line the server writes (accepted, transferred,
  -- closed); 'status': the chat's status or staff changed (streams send the chat as it is now).
  kind           text NOT NULL CHECK (kind IN ('message', 'system', 'status')),
  author_side    text NOT NULL CHECK (author_side IN ('agent', 'staff', 'system')),
  author_user_id text REFERENCES users(id) ON DELETE SET NULL,
  -- The name shown (staff: first name only), kept as it was when written.
  author_name    text NOT NULL,
  body           text NOT NULL DEFAULT '',
  -- The browser's id of a message: a resend is stored once.
  client_id      text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_events_client_id ON chat_events (chat_id, author_user_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX chat_events_chat ON chat_events (chat_id, id);
-- The per-user message rate limit.
CREATE INDEX chat_events_author_recent ON chat_events (author_user_id, created_at) WHERE kind = 'message';

-- Read marks: each participant's last read event of a chat (unread counts).
CREATE TABLE chat_read_marks (
  chat_id integer NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  up_to   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, user_id)
);

-- Canned answers of the console, one row per language (the console shows those of its reader's language).
CREATE TABLE care_desk_canned_answers (
  id    text NOT NULL,
  lang  text NOT NULL CHECK (lang IN ('en', 'es')),
  title text NOT NULL,
  body  text NOT NULL,
  sort  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id, lang)
);
INSERT INTO care_desk_canned_answers (id, lang, title, body, sort) VALUES
  ('greeting', 'en', 'Greeting', 'Hello, thank you for contacting the Agency Care Desk. How can I help you today?', 1),
  ('greeting', 'es', 'Saludo', 'Hola, gracias por comunicarse con Atención a Agencias. ¿En qué puedo ayudarle hoy?', 1),
  ('one-moment', 'en', 'One moment', 'Thank you. Please give me a moment while I look into this.', 2),
  ('one-moment', 'es', 'Un momento', 'Gracias. Deme un momento mientras reviso esto.', 2),
  ('referral-number', 'en', 'Referral number', 'Could you give me the referral number of the claim?', 3),
  ('referral-number', 'es', 'Número de referencia', '¿Podría darme el número de referencia del reclamo?', 3),
  ('anything-else', 'en', 'Anything else', 'Is there anything else I can help you with?', 4),
  ('anything-else', 'es', 'Algo más', '¿Hay algo más en lo que pueda ayudarle?', 4),
  ('closing', 'en', 'Closing', 'Thank you for chatting with the Agency Care Desk. Have a great day!', 5),
  ('closing', 'es', 'Despedida', 'Gracias por chatear con Atención a Agencias. ¡Que tenga un excelente día!', 5);
