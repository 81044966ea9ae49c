/**
 * The static course catalog's one live part (issue 16): after the page shows, one question for the seats of the
 * courses on it (GetValidateCourseIsMaximumLimit); each seats line then says how many are left, or that the course
 * is full (the register button becomes 'Join the waitlist') or closed (the buttons go). A reader signed in in this
 * tab registers in one step (course-registration), others through the emailed link. Plain code, no framework.
 */
interface Seats {
  courseId: number;
  capacity: number;
  seatsLeft: number;
  isFull: boolean;
  isClosed: boolean;
}

let signedIn = false;
try {
  signedIn = Object.keys(sessionStorage).some((k) => k.startsWith('oidc.user:'));
} catch {
  /* no storage: signed out */
}
if (signedIn) {
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-register]')) a.href = a.dataset.signedInHref ?? a.href;
  for (const a of document.querySelectorAll<HTMLElement>('[data-sign-in-register]')) a.hidden = true;
}

const lines = [...document.querySelectorAll<HTMLElement>('[data-course-seats]')];
const ids = [...new Set(lines.map((l) => l.dataset.courseSeats))].filter((id): id is string => Boolean(id && /^\d+$/.test(id))).slice(0, 50);
if (ids.length) {
  fetch(`/agentdashboard/api/v1/CECourses/GetValidateCourseIsMaximumLimit?courseIds=${ids.join(',')}`, { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((reply: { result?: Seats[] } | null) => {
      for (const s of reply?.result ?? []) {
        for (const line of lines.filter((l) => l.dataset.courseSeats === String(s.courseId))) {
          const text = s.isClosed ? line.dataset.closed : s.isFull ? line.dataset.full : (line.dataset.left ?? '').replace('{left}', String(s.seatsLeft)).replace('{capacity}', String(s.capacity));
          if (text) line.textContent = text;
          line.dataset.state = s.isClosed ? 'closed' : s.isFull ? 'full' : 'open';
        }
        for (const box of document.querySelectorAll<HTMLElement>(`[data-course-actions="${s.courseId}"]`)) {
          if (s.isClosed) {
            for (const b of box.querySelectorAll<HTMLElement>('.btn')) b.hidden = true;
            continue;
          }
          const a = box.querySelector<HTMLAnchorElement>('a[data-register]');
          if (a && s.isFull && a.dataset.waitlist) {
            a.textContent = a.dataset.waitlist;
            a.removeAttribute('aria-label');
            a.setAttribute('aria-describedby', `course-seats-${s.courseId}`);
          }
        }
      }
    })
    .catch(() => undefined);
}
