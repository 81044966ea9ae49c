import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/client.ts';

/** What `useCall` answers: the data of the current key, and where the load stands. */
export interface CallState<T> {
  /** The result for the current key (undefined while loading or after a failure). */
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  /** The refusal (a 4xx the server explained), for `t.message(replyOf(problem))`; undefined for network and 5xx failures. */
  problem: ApiError | undefined;
  /** Loads the current key again. */
  retry: () => void;
}

/**
 * The result of a call a page needs, reloaded when `key` changes (null: nothing to load yet). Race-safe: an
 * answer for an older key, or one that arrives after the component is gone, is dropped.
 */
export function useCall<T>(key: string | null, run: () => Promise<T>): CallState<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; failed?: boolean; problem?: ApiError }>({ key: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ key });
    run().then(
      (data) => live && setState({ key, data }),
      (err: unknown) =>
        live &&
        setState({ key, failed: true, ...(err instanceof ApiError && err.status >= 400 && err.status < 500 ? { problem: err } : {}) }),
    );
    return () => {
      live = false;
    };
    // `run` is rebuilt every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const fresh = state.key === key;
  const failed = fresh && state.failed === true;
  return {
    data: fresh ? state.data : undefined,
    loading: key !== null && (!fresh || (state.data === undefined && !failed)),
    failed,
    problem: fresh ? state.problem : undefined,
    retry: () => setAttempt((n) => n + 1),
  };
}
