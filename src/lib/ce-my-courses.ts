/**
 * The three views of the agent's CE courses (spec section 2: CE-Course-Upcoming, CE-MyCourses, CE-Completed-MyCourses;
 * issue 16): their addresses and title keys, shared by the island (src/islands/courses/MyCourses.tsx) and the pages'
 * static shell (src/components/courses/MyCoursesShell.astro, issue 19), so that the two draw the same head.
 */
export type MyCoursesView = 'upcoming' | 'all' | 'completed';
export const MY_COURSES_VIEWS: readonly MyCoursesView[] = ['upcoming', 'all', 'completed'];
export const MY_COURSES_ROUTE: Record<MyCoursesView, string> = {
  upcoming: '/dashboard/CE-Course-Upcoming',
  all: '/dashboard/CE-MyCourses',
  completed: '/dashboard/CE-Completed-MyCourses',
};
export const MY_COURSES_TITLE = { upcoming: 'courses.mine.upcomingTitle', all: 'courses.mine.allTitle', completed: 'courses.mine.completedTitle' } as const;
