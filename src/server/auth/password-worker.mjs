// One thread of the password-hash pool (src/server/auth/passwords.ts). Plain JavaScript so that it loads the
// same way under tsx (`npm run serve`), vitest and plain Node. scryptSync on purpose: it runs on this
// thread, not on libuv's shared threadpool, which also reads the static files the site serves.
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (task) => {
  try {
    const key = scryptSync(task.password, Buffer.from(task.salt, 'base64url'), task.keylen, {
      N: task.N,
      r: task.r,
      p: task.p,
      maxmem: 64 * 1024 * 1024,
    });
    parentPort?.postMessage({ id: task.id, key: key.toString('base64url') });
  } catch (err) {
    parentPort?.postMessage({ id: task.id, error: String(err instanceof Error ? err.message : err) });
  }
});
