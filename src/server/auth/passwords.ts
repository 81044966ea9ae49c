import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { PasswordHashBusy } from '../errors.ts';

const N = 16384;
const r = 8;
const p = 1;
const KEYLEN = 32;

/** One scrypt computation for a pool thread. */
interface Job {
  password: string;
  salt: string;
  keylen: number;
  N: number;
  r: number;
  p: number;
}
interface Task extends Job {
  id: number;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}
interface Slot {
  worker: Worker;
  task: Task | null;
}

/** Seconds a refused caller is told to wait: the queue drains well within it. */
export const HASH_BUSY_RETRY_SECONDS = 2;

/**
 * The password-hash pool (decision 020): `threads` worker threads of their own run scrypt synchronously, so a
 * flood of sign-ins never occupies libuv's threadpool, which the static site's file reads share. At most `queue`
 * jobs wait for a free thread; one more is refused at once with PasswordHashBusy (HTTP 429). Threads start on
 * first use and hold the process open only while they work, so an idle pool never keeps a test run alive.
 */
class HashPool {
  #slots: Slot[] = [];
  #waiting: Task[] = [];
  #nextId = 1;
  constructor(
    public threads: number,
    public queue: number,
  ) {}

  run(job: Job, wait = false): Promise<Buffer> {
    const slot = this.#slots.find((s) => !s.task) ?? (this.#slots.length < this.threads ? this.#spawn() : null);
    if (!slot && !wait && this.#waiting.length >= this.queue) return Promise.reject(new PasswordHashBusy(HASH_BUSY_RETRY_SECONDS));
    return new Promise<Buffer>((resolve, reject) => {
      const task: Task = { ...job, id: this.#nextId++, resolve, reject };
      if (slot) this.#start(slot, task);
      else this.#waiting.push(task);
    });
  }

  /** Threads started, jobs running and waiting (tests and logs). */
  get load(): PoolLoad {
    return { threads: this.#slots.length, running: this.#slots.filter((s) => s.task).length, waiting: this.#waiting.length };
  }

  #spawn(): Slot {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    const slot: Slot = { worker, task: null };
    worker.unref();
    worker.on('message', (msg: { id: number; key?: string; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      slot.task = null;
      if (msg.key !== undefined) task.resolve(Buffer.from(msg.key, 'base64url'));
      else task.reject(new Error(`password hash failed: ${msg.error ?? 'unknown error'}`));
      this.#next(slot);
    });
    const lost = (err: Error) => {
      this.#slots = this.#slots.filter((s) => s !== slot);
      slot.task?.reject(err);
      slot.task = null;
      // Whatever waits goes to a fresh thread.
      const waiting = this.#waiting.shift();
      if (waiting) this.#start(this.#spawn(), waiting);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (this.#slots.includes(slot)) lost(new Error(`password hash thread exited (${code})`));
    });
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, task: Task) {
    slot.task = task;
    slot.worker.ref();
    const { password, salt, keylen, N: n, r: rr, p: pp, id } = task;
    slot.worker.postMessage({ id, password, salt, keylen, N: n, r: rr, p: pp });
  }

  #next(slot: Slot) {
    // Threads beyond a lowered `threads` setting end when they fall idle.
    if (this.#slots.indexOf(slot) >= this.threads) {
      this.#slots = this.#slots.filter((s) => s !== slot);
      void slot.worker.terminate();
      return;
    }
    const task = this.#waiting.shift();
    if (task) this.#start(slot, task);
    else slot.worker.unref();
  }

  /** Ends every thread; waiting and running jobs are refused. */
  async close(): Promise<void> {
    const slots = this.#slots;
    const waiting = this.#waiting;
    this.#slots = [];
    this.#waiting = [];
    for (const t of waiting) t.reject(new PasswordHashBusy(HASH_BUSY_RETRY_SECONDS));
    for (const s of slots) s.task?.reject(new PasswordHashBusy(HASH_BUSY_RETRY_SECONDS));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

let pool: HashPool | null = null;
let settings = { threads: 1, queue: 16 };
let users = 0;

const currentPool = () => (pool ??= new HashPool(settings.threads, settings.queue));

/**
 * Sizes the pool (PASSWORD_HASH_THREADS, PASSWORD_HASH_QUEUE) for a starting server; the returned function is
 * the server's share of closing it: the threads end when the last server using them stops.
 */
export function openPasswordPool(opts: { threads: number; queue: number }): () => Promise<void> {
  settings = { ...opts };
  if (pool) Object.assign(pool, settings);
  users++;
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    users--;
    if (users === 0 && pool) {
      const p = pool;
      pool = null;
      await p.close();
    }
  };
}

/** The pool's threads and jobs. */
export interface PoolLoad {
  threads: number;
  running: number;
  waiting: number;
}

/** Threads started, jobs running and waiting in the pool (all 0 when it is not started or was closed). */
export function passwordPoolLoad(): PoolLoad {
  return pool ? pool.load : { threads: 0, running: 0, waiting: 0 };
}

const scrypt = (password: string, salt: Buffer, keylen: number, params: { N: number; r: number; p: number }, wait = false) =>
  currentPool().run({ password, salt: salt.toString('base64url'), keylen, ...params }, wait);

/** How a hash waits for the pool. */
export interface HashOptions {
  /** Wait in the queue whatever its length (start-up work such as the demo seed, never a request). */
  wait?: boolean;
}

/**
 * Hashes a password with scrypt: `scrypt$N$r$p$salt$hash` (base64url parts). Runs on the hash pool; rejects
 * with PasswordHashBusy when the pool's queue is full (unless `wait`).
 */
export async function hashPassword(password: string, opts: HashOptions = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p }, opts.wait);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checks a password against a stored scrypt hash in constant time; false for any malformed hash. Runs on the
 * hash pool; rejects with PasswordHashBusy when the pool's queue is full.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, rr, pp, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A well-formed hash with the portal's parameters that no password matches (a random key), so that unknown
 * emails cost one full scrypt verification, as known ones do. Made without hashing: importing this module
 * starts no thread.
 */
export const DUMMY_HASH = ['scrypt', N, r, p, randomBytes(16).toString('base64url'), randomBytes(KEYLEN).toString('base64url')].join('$');

/** DUMMY_HASH as a promise (the shape callers already await). */
export const dummyHashPromise: Promise<string> = Promise.resolve(DUMMY_HASH);
