import { $userStatus } from '../../stores/user.ts';
import { runGuard } from '../../stores/guard.ts';
import { useCommonT } from './use-t.ts';

/** What an authenticated page shows when loading the signed-in user failed: the reason and a retry. */
export default function GuardError() {
  const t = useCommonT();
  return (
    <div className="card error-panel" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="btn btn--secondary" onClick={() => { $userStatus.set('idle'); void runGuard(); }}>
        {t('common.retry')}
      </button>
    </div>
  );
}
