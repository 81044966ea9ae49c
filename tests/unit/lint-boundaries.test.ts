import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/decisions/012-layout-and-boundaries.md, checked through ESLint's Node API
 * with the repository's own eslint.config.js. Each snippet is linted as if it lived at `filePath`
 * (nothing is written to disk). The zone rule only judges imports that resolve, so every snippet imports
 * a file that exists; a missing file is tsc's business.
 */
const cwd = resolve(import.meta.dirname, '../..');
const BOUNDARY = 'import-x/no-restricted-paths';
const ISLAND = 'src/islands/claim/Example.tsx';

/** `preferred` in `dir` if it is there, otherwise the first .ts/.tsx file of `dir` (robust to renames). */
function someModule(dir: string, preferred: string): string {
  if (existsSync(join(cwd, dir, preferred))) return preferred;
  const found = readdirSync(join(cwd, dir)).find((name) => /\.tsx?$/.test(name));
  if (!found) throw new Error(`no module in ${dir}`);
  return found;
}

/** A module that imports `specifier` and uses it, so only the import itself can be at fault. */
const importing = (specifier: string) => `import * as m from '${specifier}';\n\nexport const used = m;\n`;

let eslint: ESLint;

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: join(cwd, filePath) });
  return result!.messages;
}

async function boundaryErrors(code: string, filePath: string) {
  return (await lint(code, filePath)).filter((m) => m.ruleId === BOUNDARY);
}

describe('lint boundaries (eslint.config.js)', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd });
  });

  it('an island may not import src/server', async () => {
    const errors = await boundaryErrors(importing(`../../server/db/${someModule('src/server/db', 'index.ts')}`), ISLAND);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.severity).toBe(2);
    expect(errors[0]!.message).toMatch(/must not import src\/server/);
  });

  it('the article sanitiser stays out of the browser: islands and stores may not import it, pages and the server may', async () => {
    for (const [code, file] of [
      [importing('../../lib/article-html.ts'), ISLAND],
      [importing('../lib/article-html.ts'), 'src/stores/example.ts'],
    ] as const) {
      const errors = await boundaryErrors(code, file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/build time and on the server only/);
    }
    expect(await boundaryErrors(importing('../../lib/article-html.ts'), 'src/server/routes/example.ts')).toHaveLength(0);
    expect(await boundaryErrors(importing('../lib/article-html.ts'), 'src/components/example.ts')).toHaveLength(0);
  });

  it('src/lib may not import a store', async () => {
    const errors = await boundaryErrors(importing(`../stores/${someModule('src/stores', 'user.ts')}`), 'src/lib/example.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/imports no island and no store/);
  });

  it('a type-only import counts too (src/lib may not take a type from a store)', async () => {
    const code = `import type * as m from '../stores/${someModule('src/stores', 'user.ts')}';\n\nexport type Used = typeof m;\n`;
    expect(await boundaryErrors(code, 'src/lib/example.ts')).toHaveLength(1);
  });

  it('an island may not import another feature folder', async () => {
    const other = someModule('src/islands/work-orders', 'shared.ts');
    const errors = await boundaryErrors(importing(`../work-orders/${other}`), ISLAND);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/own feature folder/);
  });

  it('an island may import src/islands/shared/ and its own feature folder', async () => {
    const shared = someModule('src/islands/shared', 'use-lang.ts');
    const own = someModule('src/islands/claim', 'ui.tsx');
    expect(await boundaryErrors(importing(`../shared/${shared}`), ISLAND)).toEqual([]);
    expect(await boundaryErrors(importing(`./${own}`), ISLAND)).toEqual([]);
  });

  it('src/islands/shared/ may not import a feature folder', async () => {
    const errors = await boundaryErrors(importing(`../claim/${someModule('src/islands/claim', 'ui.tsx')}`), 'src/islands/shared/example.ts');
    expect(errors).toHaveLength(1);
  });

  it('a clean island (lib, store, shared) has no finding at all', async () => {
    const code = [
      `import * as format from '../../lib/${someModule('src/lib', 'format.ts')}';`,
      `import * as store from '../../stores/${someModule('src/stores', 'user.ts')}';`,
      `import * as shared from '../shared/${someModule('src/islands/shared', 'use-lang.ts')}';`,
      '',
      'export const used = [format, store, shared];',
      '',
    ].join('\n');
    expect(await lint(code, ISLAND)).toEqual([]);
  });

  it('the server may import src/lib but not a store', async () => {
    expect(await boundaryErrors(importing(`../lib/${someModule('src/lib', 'format.ts')}`), 'src/server/example.ts')).toEqual([]);
    expect(await boundaryErrors(importing(`../stores/${someModule('src/stores', 'user.ts')}`), 'src/server/example.ts')).toHaveLength(1);
  });

  it('the cycle rule is on for every file under src/', async () => {
    for (const file of ['src/server/app.ts', 'src/lib/format.ts', 'src/islands/claim/ui.tsx', 'src/stores/user.ts']) {
      const config = await eslint.calculateConfigForFile(join(cwd, file));
      const [severity] = [config.rules['import-x/no-cycle']].flat();
      expect([2, 'error'], file).toContain(severity);
    }
  });
});
