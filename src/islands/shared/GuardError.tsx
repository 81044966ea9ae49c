import { $userStatus } from '../../stores/user.ts';
import { runGuard } from '../../stores/guard.ts';
import { useLang } from './use-lang.ts';

/** What an authenticated page shows when loading the signed-in user failed: the reason and a retry. */
export default function GuardError() {
  const { s } = useLang();
  return (
    <div className="card" role="alert">
      <p>{s.loadFailed}</p>
      <button type="button" className="btn btn--primary" onClick={() => { $userStatus.set('idle'); void runGuard(); }}>
        {s.retry}
      </button>
    </div>
  );
}
