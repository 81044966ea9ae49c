/**
 * course-registration (spec section 2; issue 16): a signed-in agent registers for ?courseId= in one step. The form
 * (CourseRegistrationForm.tsx) loads on demand once the signed-in user is known, so the page's first visit stays
 * within the dashboard JS budget.
 */
import { lazy, Suspense } from 'react';
import { Loading, UserGate } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';

const Registration = lazy(() => import('./CourseRegistrationForm.tsx'));

export default function CourseRegistration() {
  const t = useT('courses', 'messages');
  return (
    <UserGate t={t}>
      {(user, words) => (
        <Suspense fallback={<Loading text={words('courses.form.loadingCourse')} />}>
          <Registration user={user} t={words} />
        </Suspense>
      )}
    </UserGate>
  );
}
