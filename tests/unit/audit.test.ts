import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { recordAudit, redact } from '../../src/server/services/audit.ts';

describe('audit log', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(async () => db.close());

  it('drops secrets at any depth and keeps the rest', () => {
    expect(redact({ Email: 'a@b.test', password_hash: 'x', nested: [{ token: 't', ZipCode: '60601', totpSecret: 's' }] })).toEqual({
      Email: 'a@b.test',
      nested: [{ ZipCode: '60601' }],
    });
  });

  it('stores who, what, which record and before/after without secrets', async () => {
    await recordAudit(db, {
      actor: { id: 'u1', email: 'admin@demo.test' },
      action: 'updateUser',
      entity: 'user',
      entityId: 'u2',
      agencyNumber: '20077314',
      before: { FirstName: 'Ann', Password: 'hunter2' },
      after: { FirstName: 'Anne' },
    });
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM audit_log WHERE entity_id = $1', ['u2']);
    expect(row).toMatchObject({ actor_id: 'u1', actor_email: 'admin@demo.test', action: 'updateUser', entity: 'user', agency_number: '20077314' });
    expect(row!.before).toEqual({ FirstName: 'Ann' });
    expect(row!.after).toEqual({ FirstName: 'Anne' });
    expect(row!.at).toBeInstanceOf(Date);
  });
});
