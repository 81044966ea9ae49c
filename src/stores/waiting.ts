import { atom, computed } from 'nanostores';

/** How many pieces of work want the 'Just a sec...' waiting modal. */
export const $waitingCount = atom(0);
/** Whether the waiting modal shows. */
export const $waiting = computed($waitingCount, (n) => n > 0);

/** Shows the waiting modal while work runs. */
export async function withWaiting<T>(work: () => Promise<T>): Promise<T> {
  $waitingCount.set($waitingCount.get() + 1);
  try {
    return await work();
  } finally {
    $waitingCount.set(Math.max(0, $waitingCount.get() - 1));
  }
}
