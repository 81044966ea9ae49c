// `npm run content:snapshot`: reads the content API and writes the snapshot the site is built from
// (src/content/snapshot, committed; CONTENT_SNAPSHOT_DIR elsewhere). CONTENT_API_URL names the API
// (default http://localhost:4321, the local server); `--local` starts the portal in this process on
// an in-memory database loaded from src/server/db/content instead, so no server need be running.
// The writer itself is the server's (src/server/services/content-snapshot.ts); this script only calls it.
import { setLogLevel } from '../src/server/log.ts';
import { DEFAULT_SNAPSHOT_DIR, writeSnapshot } from '../src/server/services/content-snapshot.ts';

async function main() {
  const outDir = process.env.CONTENT_SNAPSHOT_DIR ?? DEFAULT_SNAPSHOT_DIR;
  let base = (process.env.CONTENT_API_URL ?? 'http://localhost:4321').replace(/\/$/, '');
  let close: (() => Promise<void>) | null = null;
  if (process.argv.includes('--local')) {
    setLogLevel('error');
    const { openPglite } = await import('../src/server/db/index.ts');
    const { EnvSchema } = await import('../src/server/env.ts');
    const { startServer } = await import('../src/server/server.ts');
    const portal = await startServer(EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO: 'false' }), { db: await openPglite() });
    base = portal.url;
    close = () => portal.close();
  }
  try {
    const { articles, pages, courses } = await writeSnapshot(base, outDir);
    console.log(`content snapshot: ${articles} article versions, ${pages} pages and ${courses} CE courses from ${base} → ${outDir}`);
  } finally {
    await close?.();
  }
}

await main();
