import { randomBytes, scrypt as scryptCb } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { DUMMY_HASH, hashPassword, openPasswordPool, passwordPoolLoad, verifyPassword } from '../../src/server/auth/passwords.ts';
import { PasswordHashBusy } from '../../src/server/errors.ts';
import { addressKey } from '../../src/server/auth/login-limiter.ts';
import { startTestPortal } from './helpers/portal.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/** A hash made the way the portal made them before the pool (libuv's scrypt in the main process). */
async function oldStyleHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing on its own pool', () => {
  it('hashes made before the pool still verify; wrong passwords and malformed hashes do not', async () => {
    const close = openPasswordPool({ threads: 1, queue: 16 });
    try {
      const stored = await oldStyleHash('Ünïcode-Passw0rd!');
      expect(await verifyPassword('Ünïcode-Passw0rd!', stored)).toBe(true);
      expect(await verifyPassword('Ünïcode-Passw0rd?', stored)).toBe(false);
      expect(await verifyPassword('anything', 'scrypt$broken')).toBe(false);
      const fresh = await hashPassword('Another-passw0rd');
      expect(fresh).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(await verifyPassword('Another-passw0rd', fresh)).toBe(true);
    } finally {
      await close();
    }
  });

  it('the dummy hash of unknown emails has the real parameters, so it costs a full verification, and matches nothing', async () => {
    const close = openPasswordPool({ threads: 1, queue: 16 });
    try {
      const real = (await hashPassword('Some-passw0rd')).split('$');
      const dummy = DUMMY_HASH.split('$');
      expect(dummy.slice(0, 4)).toEqual(real.slice(0, 4));
      expect(Buffer.from(dummy[5]!, 'base64url').length).toBe(Buffer.from(real[5]!, 'base64url').length);
      expect(await verifyPassword('Some-passw0rd', DUMMY_HASH)).toBe(false);
    } finally {
      await close();
    }
  });

  it('beyond threads + queue the next hash is refused at once with PasswordHashBusy; the queued ones finish', async () => {
    const close = openPasswordPool({ threads: 1, queue: 2 });
    try {
      const jobs = Array.from({ length: 6 }, (_, i) => hashPassword(`Pw-${i}-long-enough`).then(() => 'done', (e: unknown) => e));
      const results = await Promise.all(jobs);
      expect(results.slice(0, 3)).toEqual(['done', 'done', 'done']);
      for (const r of results.slice(3)) {
        expect(r).toBeInstanceOf(PasswordHashBusy);
        expect((r as PasswordHashBusy).status).toBe(429);
        expect((r as PasswordHashBusy).retryAfter).toBeGreaterThan(0);
      }
      // Start-up work may wait whatever the queue.
      const seeded = await Promise.all(Array.from({ length: 5 }, () => hashPassword('Seed-passw0rd', { wait: true })));
      expect(seeded).toHaveLength(5);
    } finally {
      await close();
    }
  });

});

describe("the pool and the portal's stop", () => {
  let portal: RunningPortal;
  // Started in the hook (its longer timeout): a portal takes a while to start on a busy machine.
  beforeAll(async () => {
    portal = await startTestPortal();
  });

  it("a portal's stop ends the pool's threads (none left to keep the test run alive)", async () => {
    await hashPassword('Warm-the-pool-1');
    const thread = passwordPoolLoad();
    expect(thread.threads).toBe(1);
    await portal.close();
    expect(passwordPoolLoad()).toEqual({ threads: 0, running: 0, waiting: 0 });
    // The next hash starts a fresh thread (another portal in the same process).
    const close = openPasswordPool({ threads: 2, queue: 4 });
    await Promise.all([hashPassword('Warm-the-pool-2'), hashPassword('Warm-the-pool-3')]);
    expect(passwordPoolLoad().threads).toBe(2);
    await close();
    expect(passwordPoolLoad().threads).toBe(0);
  });
});

describe('addresses as the per-address limit counts them', () => {
  it('IPv4 whole, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:0db8:0001:0002:ffff::9'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
