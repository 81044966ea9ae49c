import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The content snapshot (written by `npm run content:snapshot` from the content API, committed), the
 * only source of the content hub's pages. CONTENT_SNAPSHOT_DIR points a build elsewhere (the editors'
 * rebuild, the build-scale bench).
 */
const SNAPSHOT = process.env.CONTENT_SNAPSHOT_DIR ?? './src/content/snapshot';

const articles = defineCollection({
  loader: glob({ pattern: '{en,es}/*.md', base: `${SNAPSHOT}/articles` }),
  schema: z.object({
    title: z.string(),
    summary: z.string(),
    author: z.string(),
    // YAML reads unquoted dates as Date objects.
    publishedOn: z.union([z.string(), z.date()]).transform((d) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10)),
    updatedAt: z.union([z.string(), z.date()]).transform((d) => (typeof d === 'string' ? d : d.toISOString())),
    layout: z.enum(['standard', 'wide']),
    tags: z.array(z.string()),
  }),
});

const pages = defineCollection({
  loader: glob({ pattern: '{en,es}/*.json', base: `${SNAPSHOT}/pages` }),
  schema: z.object({
    endpoint: z.string(),
    lang: z.enum(['en', 'es']),
    pageName: z.string(),
    title: z.string(),
    description: z.string(),
    widgets: z.array(z.looseObject({ type: z.string() })),
  }),
});

const tags = defineCollection({
  loader: file(`${SNAPSHOT}/tags.json`),
  schema: z.record(z.string(), z.string()),
});

/** The upcoming CE courses (issue 16), as GetCECourseList answers them: the static course catalog. */
const courses = defineCollection({
  loader: glob({ pattern: '*.json', base: `${SNAPSHOT}/courses` }),
  schema: z.object({
    courseId: z.number().int(),
    title: z.string(),
    titleEs: z.string(),
    description: z.string(),
    descriptionEs: z.string(),
    creditHours: z.number(),
    statesApproved: z.array(z.string()),
    format: z.enum(['InPerson', 'Webinar']),
    venue: z.nullable(z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), zip: z.string() })),
    startsAt: z.string(),
    endsAt: z.string(),
    timeZoneId: z.string(),
    capacity: z.number().int(),
    meals: z.array(z.object({ name: z.string(), time: z.string() })),
    imageUrl: z.nullable(z.string()),
    contact: z.nullable(z.object({ name: z.string(), email: z.string(), phone: z.string() })),
    status: z.enum(['Scheduled', 'Cancelled']),
  }),
});

export const collections = { articles, pages, tags, courses };
