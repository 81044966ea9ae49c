import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteBuildCommands, siteBuildEnv } from '../src/server/services/publisher.ts';

/** Result of the build-scale bench: the site built with N generated articles, then Pagefind over it. */
export interface BuildScale {
  articles: number;
  buildSeconds: number;
  buildPeakMemoryMB: number;
  pagefindSeconds: number;
  pagefindPeakMemoryMB: number;
  pagesIndexed: number;
}

const WORDS = 'windshield chip crack repair replacement camera calibration deductible coverage policyholder referral technician appointment survey agency laminated tempered sensor mobile shop'.split(' ');

/** One generated article in the snapshot format (front matter + Markdown), about 400 words. */
export function generatedArticle(i: number): string {
  const word = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length]!;
  const para = (k: number) => Array.from({ length: 65 }, (_, j) => word(k * 65 + j)).join(' ') + '.';
  return `---\ntitle: "Generated article ${i}: ${word(1)} and ${word(2)}"\nsummary: "A generated article for the build-scale bench (${i})."\nauthor: Bench\npublishedOn: "2026-01-01"\nupdatedAt: "2026-01-01T00:00:00.000Z"\nlayout: standard\ntags:\n  - ${['filing-claims', 'coverage', 'surveys'][i % 3]}\n---\n\n${para(0)}\n\n## ${word(3)} section\n\n${para(1)}\n\n${para(2)}\n\n## ${word(4)} notes\n\n- ${word(5)}\n- ${word(6)}\n\n${para(3)}\n\n${para(4)}\n\n${para(5)}\n`;
}

/** Runs a command under GNU time; returns wall seconds and peak resident memory (MB). */
function timed([cmd, ...args]: string[], env: NodeJS.ProcessEnv): { seconds: number; peakMB: number; stdout: string } {
  const report = join(mkdtempSync(join(tmpdir(), 'time-')), 'rss');
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', report, cmd!, ...args], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return { seconds: Number(seconds.toFixed(1)), peakMB: Math.round(Number(readFileSync(report, 'utf8').trim().split('\n').pop()) / 1024), stdout: r.stdout };
}

/**
 * Builds the site with the committed snapshot plus `articles` generated English articles (in a
 * temporary snapshot, never committed) into a temporary directory, then runs Pagefind over it.
 */
export async function buildScale(articles: number): Promise<BuildScale> {
  const work = mkdtempSync(join(tmpdir(), 'portal-scale-'));
  const snapshot = join(work, 'snapshot');
  const out = join(work, 'dist');
  try {
    cpSync('src/content/snapshot', snapshot, { recursive: true });
    mkdirSync(join(snapshot, 'articles', 'en'), { recursive: true });
    for (let i = 0; i < articles; i++) writeFileSync(join(snapshot, 'articles', 'en', `generated-article-${i}.md`), generatedArticle(i));
    // The same build as publishing (src/server/services/publisher.ts).
    const env = siteBuildEnv({ snapshotDir: snapshot, outDir: out, cacheDir: join(work, 'cache') });
    const commands = siteBuildCommands(process.cwd());
    const build = timed(commands.build, env);
    const pf = timed(commands.index(out), env);
    const indexed = Number(/Indexed (\d+) pages/.exec(pf.stdout)?.[1] ?? 0);
    return { articles, buildSeconds: build.seconds, buildPeakMemoryMB: build.peakMB, pagefindSeconds: pf.seconds, pagefindPeakMemoryMB: pf.peakMB, pagesIndexed: indexed };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
