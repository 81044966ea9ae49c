import { loadEnv } from './env.ts';
import { log, setLogLevel } from './log.ts';
import { startServer } from './server.ts';
import { startSimulator } from './demo/simulator.ts';
import { leadership, LEADER_KEYS } from './db/leader.ts';
import { createOutboxWorker, outboxConfigFromEnv } from './services/outbox.ts';
import { setNotificationLinkOrigin } from './services/notifications.ts';
import { startOfferSweeper } from './services/ce/registrations.ts';
import { createTransports } from './services/transports/index.ts';

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
  // Agent notifications: links in emails point at the public origin; the outbox worker sends (SMTP or the dev mailbox).
  setNotificationLinkOrigin(portal.url);
  const outbox = createOutboxWorker({ db: portal.db, transports: createTransports(env, portal.db), config: outboxConfigFromEnv(env) });
  outbox.start();
  // CE course seats offered from the waitlist and not confirmed in time pass on to the next in line.
  const stopOfferSweeper = startOfferSweeper(portal.db);
  // The demo simulator (npm run simulate): moves demo work orders along; with several processes on PostgreSQL only
  // the one that holds its advisory lock does (issue 19).
  const simulator = env.SIMULATE_EVERY_MS
    ? startSimulator(portal.db, { everyMs: env.SIMULATE_EVERY_MS, leader: leadership(portal.db, LEADER_KEYS.simulator) })
    : null;
  if (simulator) log.info('work-order simulator on', { everyMs: env.SIMULATE_EVERY_MS });
  const stop = async (signal: string) => {
    log.info('stopping', { signal });
    await simulator?.stop();
    stopOfferSweeper();
    await outbox.stop();
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
