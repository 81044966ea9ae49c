/**
 * The page-island skeleton: every island shows the same states in the same way — waiting for the signed-in
 * user (`UserGate`), loading, failed with a retry, empty (`CallView`) — and renders its content only when
 * there is something to show.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { replyOf } from '../../lib/api/client.ts';
import type { Translator } from '../../lib/i18n.ts';
import { $user, $userStatus, type UserState } from '../../stores/user.ts';
import GuardError from './GuardError.tsx';
import LoadFailed from './LoadFailed.tsx';
import type { CallState } from './use-call.ts';
import { useCommonT } from './use-t.ts';

/** The signed-in user once the guard has loaded it. */
export type SignedInUser = UserState & { userDetails: NonNullable<UserState['userDetails']> };

/** A loading line with a spinner, announced politely. */
export function Loading({ text, className = 'muted page-loading' }: { text: string; className?: string }) {
  return (
    <p className={className} role="status" aria-busy="true">
      <span className="spinner spinner--small" aria-hidden="true" /> {text}
    </p>
  );
}

/** An empty state: nothing to show yet, said plainly (with an optional action): the empty panel of docs/design-system.md. */
export function Empty({ text, children, className = 'card empty-state' }: { text: string; children?: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * Waits for the signed-in user and the page's words: the guard's failure with a retry, a loading line, then
 * `children(user, t)` once both are there. `t` is `useT(...)`'s answer (null while the words load). A failed call's reason shows in the reader's language
 * once the island has loaded the `messages` namespace (`useT('feature', 'messages')`).
 */
export function UserGate<T extends Pick<Translator, 'lang'>>({
  t,
  children,
}: {
  t: T | null;
  children: (user: SignedInUser, t: T) => ReactNode;
}) {
  const common = useCommonT();
  const status = useStore($userStatus);
  const user = useStore($user);
  if (status === 'error') return <GuardError />;
  if (status !== 'ready' || !user.userDetails || !t) return <Loading text={common('common.loading')} />;
  return <>{children(user as SignedInUser, t)}</>;
}

/**
 * The states of one call (`useCall`): loading, failed (the server's reason in the reader's language when it
 * gave one, else `failedText`) with a retry, empty (when `isEmpty(data)` and `emptyText` is given), then
 * `children(data)`.
 */
export function CallView<T>({
  call,
  loadingText,
  failedText,
  emptyText,
  isEmpty,
  className,
  children,
}: {
  call: CallState<T>;
  loadingText?: string;
  failedText?: string;
  emptyText?: string;
  isEmpty?: (data: T) => boolean;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useCommonT();
  if (call.failed) {
    const text = call.problem ? t.message(replyOf(call.problem)) : (failedText ?? t('common.loadFailed'));
    return <LoadFailed text={text} retry={t('common.retry')} onRetry={call.retry} {...(className ? { className } : {})} />;
  }
  if (call.data === undefined) return call.loading ? <Loading text={loadingText ?? t('common.loading')} /> : null;
  if (emptyText && isEmpty?.(call.data)) return <Empty text={emptyText} />;
  return <>{children(call.data)}</>;
}
