import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './index.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory lock key that serialises migrations of processes starting together on one PostgreSQL (issue 19). */
export const MIGRATION_LOCK = 7_310_019;

/**
 * Applies every migration in migrations/ not yet recorded, each in its own transaction, in name order. On
 * PostgreSQL several processes may start at once: each transaction first takes an advisory lock and checks again
 * that no other process applied that migration meanwhile.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const lock = async (tx: Queryable) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  };
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(name)) continue;
    const sql = readFileSync(dir + name, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lock(tx);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/** Splits a migration script into statements at semicolons that end a line (a function body must keep its semicolons mid-line). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
