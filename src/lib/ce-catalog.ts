import { getCollection, type CollectionEntry } from 'astro:content';

/** The snapshot's upcoming CE courses, soonest first (the static catalog's only source; issue 16). */
export async function snapshotCourses(): Promise<CollectionEntry<'courses'>['data'][]> {
  const all = await getCollection('courses');
  return all.map((e) => e.data).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.courseId - b.courseId);
}
