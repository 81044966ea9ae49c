import { loadEnv } from './env.ts';
import { log, setLogLevel } from './log.ts';
import { startServer } from './server.ts';

/** Entry point of `npm start`. */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  setLogLevel(env.LOG_LEVEL);
  const portal = await startServer(env);
  const stop = async (signal: string) => {
    log.info('stopping', { signal });
    await portal.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
