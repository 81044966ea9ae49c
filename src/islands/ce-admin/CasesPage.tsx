/** The page's island: loads the Cases screen on demand (./lazy.tsx). */
import { lazyScreen } from './lazy.tsx';

export default lazyScreen(() => import('./Cases.tsx'));
