/**
 * The CE admins' pages load their screen on demand (issue 16): the island the page names is this small shell, and
 * the screen with its contracts comes in a chunk of its own, so each page's first-visit JavaScript stays inside the
 * dashboard budget (docs/decisions/005). A chunk that fails to load (network) offers a retry.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useCommonT, useT } from '../shared/use-t.ts';

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return function LazyScreen() {
    const t = useCommonT();
    const words = useT('ceAdmin');
    const [View, setView] = useState<ComponentType | null>(null);
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      let live = true;
      load().then(
        (m) => live && setView(() => m.default),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (View) return <View />;
    if (failed)
      return (
        <div className="card" role="alert">
          <p>{words?.('ceAdmin.screenFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => (setFailed(false), setAttempt((n) => n + 1))}>
            {t('common.retry')}
          </button>
        </div>
      );
    return <p className="muted page-loading">{t('common.loading')}</p>;
  };
}
