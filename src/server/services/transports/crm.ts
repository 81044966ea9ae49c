/**
 * Web-to-case transports of the outbox (issue 16, docs/decisions/027): a course registration's case goes to a CRM.
 * The real one is the ce_cases table the CE admins work from; an HTTP CRM (CRM_CASE_URL) is the optional other.
 * Either is idempotent per outbox message: a retried delivery never makes a second case.
 */
import type { Queryable } from '../../db/index.ts';
import type { MessageRef } from './mailbox.ts';

/** One case: what it is about and the web-to-case fields. */
export interface CrmCase {
  subject: string;
  courseId: number | null;
  registrationId: number | null;
  fields: Record<string, string | number | boolean | null>;
}

/** Delivers cases; a rejection is a failed attempt (the outbox retries). */
export interface CrmTransport {
  /** 'cases-table' or 'http' (logged). */
  readonly kind: string;
  send(c: CrmCase, ref: MessageRef): Promise<void>;
}

/** The ce_cases table: one row per outbox message (a retry after a lost acknowledgement finds it there). */
export function createCasesTableTransport(db: Queryable): CrmTransport {
  return {
    kind: 'cases-table',
    async send(c, ref) {
      await db.query(
        `INSERT INTO ce_cases (outbox_id, course_id, registration_id, subject, fields)
         SELECT $1, (SELECT id FROM ce_courses WHERE id = $2), (SELECT id FROM ce_registrations WHERE id = $3), $4, $5::jsonb
         ON CONFLICT (outbox_id) DO NOTHING`,
        [ref.id, c.courseId, c.registrationId, c.subject, JSON.stringify(c.fields)],
      );
    },
  };
}

/** An HTTP CRM: the case POSTed as JSON; any answer but 2xx is a failure. */
export function createHttpCrmTransport(opts: { url: string; token?: string | undefined; fetch?: typeof fetch }): CrmTransport {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: 'http',
    async send(c, ref) {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `case-${ref.id}-${ref.createdAt.getTime()}`,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ origin: 'Web', type: 'CE course registration', ...c }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`the CRM answered HTTP ${res.status}`);
    },
  };
}
