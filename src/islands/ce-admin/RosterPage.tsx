/** The page's island: loads the Roster screen on demand (./lazy.tsx). */
import { lazyScreen } from './lazy.tsx';

export default lazyScreen(() => import('./Roster.tsx'));
