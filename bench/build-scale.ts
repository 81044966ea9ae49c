import { existsSync } from 'node:fs';

/** Result of the build-scale bench: the site built with N generated articles, then Pagefind over it. */
export interface BuildScale {
  articles: number;
  status: string;
  buildSeconds?: number;
  pagefindSeconds?: number;
  peakMemoryMB?: number;
}

/**
 * Builds the site with `articles` generated articles (never committed) and runs Pagefind over it.
 * The article pages and their content snapshot arrive with the content hub (issue 4); until then the
 * bench reports that the figure is not available rather than measuring something else.
 */
export async function buildScale(articles: number): Promise<BuildScale> {
  if (!existsSync('src/pages/articles')) return { articles, status: 'not measured: the article pages arrive with the content hub (issue 4)' };
  throw new Error('build scale: article pages exist but the generator is not written yet (bench/build-scale.ts)');
}
