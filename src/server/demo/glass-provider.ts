/**
 * The invented glass provider: what it reports as an order moves, made up deterministically from the order's id
 * (no real provider is behind the portal yet): the technician, the appointment time, the customer survey, the
 * recalibration result.
 * The lifecycle, the demo seed and the simulator share them, so the same order always gets the same answers.
 */
import { fnv1a } from '../random.ts';
import { lookupZip } from '../services/zip.ts';

/** Glass technicians the demo shops employ. */
export const TECHNICIANS = [
  'Luis Ortega', 'Sam Whitaker', 'Priya Nair', 'Derek Holloway', 'Keisha Grant', 'Tomás Reyes', 'Hannah Kowalski', 'Marcus Bell',
  'Jenna Park', 'Omar Haddad', 'Carla Mendes', 'Brian Foster',
] as const;
/** The technician of an order (deterministic). */
export const technicianFor = (workOrderId: string) => TECHNICIANS[fnv1a(`tech:${workOrderId}`) % TECHNICIANS.length]!;

/** Hours the ZIP's clock is behind UTC (standard time, from its longitude; good enough for appointment hours). */
export function utcOffsetHours(zip: string): number {
  const place = lookupZip(zip);
  return place ? Math.min(10, Math.max(4, Math.round(-place.longitude / 15))) : 5;
}

/** An appointment one to three days after `from`, on the hour or half hour between 8:00 and 15:30 local time. */
export function appointmentAfter(from: Date, zip: string, seed: string): Date {
  const hash = fnv1a(`appt:${seed}`);
  const day = new Date(from.getTime() + (1 + (hash % 3)) * 86_400_000);
  const localHour = 8 + ((hash >>> 3) % 8);
  const minutes = (hash >>> 7) % 2 ? 30 : 0;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), localHour + utcOffsetHours(zip), minutes));
}

/** Survey questions and the answers a rating tends to give. */
export const SURVEY_QUESTIONS = [
  'How easy was it to schedule your service?',
  'Did the technician arrive within the appointment window?',
  'Was your vehicle left clean?',
  'How likely are you to recommend us to a friend (0-10)?',
] as const;
const SURVEY_COMMENTS: Record<number, readonly (string | null)[]> = {
  5: ['Fast and friendly, the technician explained everything.', 'Done in under two hours, great job!', null, 'Very professional, would recommend.', null],
  4: ['Good service, the appointment started a little late.', null, 'Happy with the result.'],
  3: ['The work was fine but I had to call twice to schedule.', null],
  2: ['Technician was late and there was glass dust on the dashboard.', 'Took longer than promised.'],
  1: ['Had to reschedule twice and nobody called me back.'],
};

/** A survey for an order (deterministic from its id): mostly 4s and 5s, as real glass surveys are. */
export function surveyFor(workOrderId: string): { rating: number; answers: { question: string; answer: string }[]; comment: string | null } {
  const hash = fnv1a(`survey:${workOrderId}`);
  const roll = hash % 100;
  const rating = roll < 58 ? 5 : roll < 84 ? 4 : roll < 93 ? 3 : roll < 97 ? 2 : 1;
  const comments = SURVEY_COMMENTS[rating]!;
  const pick = <T>(xs: readonly T[], salt: number) => xs[(hash >>> salt) % xs.length]!;
  const answers = [
    pick(rating >= 4 ? ['Very easy', 'Easy'] : rating === 3 ? ['Neutral', 'Easy'] : ['Difficult', 'Neutral'], 3),
    rating >= 3 ? 'Yes' : pick(['No', 'Yes'], 5),
    rating >= 3 ? 'Yes' : pick(['No', 'Yes'], 7),
    String(rating === 5 ? 9 + ((hash >>> 9) % 2) : rating === 4 ? 7 + ((hash >>> 9) % 2) : rating === 3 ? 6 : rating === 2 ? 4 : 2),
  ];
  return { rating, answers: SURVEY_QUESTIONS.map((question, i) => ({ question, answer: answers[i]! })), comment: pick(comments, 11) };
}

/** The result of a recalibration (deterministic; about 1 in 25 fails the first time). */
export const recalibrationResult = (workOrderId: string): 'Pass' | 'Fail' => (fnv1a(`recal:${workOrderId}`) % 25 === 0 ? 'Fail' : 'Pass');

/** How long a recalibration took, in minutes (deterministic, 50 to 89). */
export const recalibrationMinutes = (workOrderId: string): number => 50 + (fnv1a(`dur:${workOrderId}`) % 40);
