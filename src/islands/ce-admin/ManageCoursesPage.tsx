/** The page's island: loads the ManageCourses screen on demand (./lazy.tsx). */
import { lazyScreen } from './lazy.tsx';

export default lazyScreen(() => import('./ManageCourses.tsx'));
