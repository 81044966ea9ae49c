/** The page's island: loads the CourseForm screen on demand (./lazy.tsx). */
import { lazyScreen } from './lazy.tsx';

export default lazyScreen(() => import('./CourseForm.tsx'));
