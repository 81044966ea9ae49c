/**
 * The care-desk console's page island (issue 18): a small shell; the console with the chat contract, its zod schemas
 * and words loads in a chunk of its own (docs/decisions/005, 015). A chunk that fails to load offers a retry.
 */
import { useEffect, useState, type ComponentType } from 'react';
import LoadFailed from '../shared/LoadFailed.tsx';
import { Loading } from '../shared/PageState.tsx';
import { useCommonT } from '../shared/use-t.ts';

export default function CareDesk() {
  const t = useCommonT();
  const [View, setView] = useState<ComponentType | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./CareDeskConsole.tsx').then(
      (m) => live && setView(() => m.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  if (View) return <View />;
  if (failed) return <LoadFailed text={t('common.loadFailed')} retry={t('common.retry')} onRetry={() => (setFailed(false), setAttempt((n) => n + 1))} />;
  return <Loading text={t('common.loading')} />;
}
