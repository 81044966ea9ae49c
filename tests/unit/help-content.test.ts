// What the help content tells readers: the Agency Care Desk has one phone and one email (CARE_DESK), and no
// article sends readers to a forgotten-password option the sign-in page does not have.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARE_DESK } from '../../src/lib/constants.ts';

const SOURCE = 'src/server/db/content';
const SNAPSHOT = 'src/content/snapshot';

/** Every file under a folder, recursively, with its text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

// The snapshot's CE courses (issue 16) carry their registration contact: course data the CE admins set, not content.
const contentFiles = [...filesUnder(SOURCE), ...filesUnder(SNAPSHOT).filter((f) => !f.path.startsWith(join(SNAPSHOT, 'courses')))];
const PHONE = /\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b/g;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

describe('the Agency Care Desk has one phone number and one email', () => {
  it('CARE_DESK holds them (10 digits, an address)', () => {
    expect(CARE_DESK.phone).toMatch(/^\d{10}$/);
    expect(CARE_DESK.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
  });

  it('no content page or article (source and committed snapshot) carries a phone number or email of its own', () => {
    expect(contentFiles.length).toBeGreaterThan(60);
    const found = contentFiles.flatMap((f) => [...f.text.matchAll(PHONE), ...f.text.matchAll(EMAIL)].map((m) => `${f.path}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it("the contact widget's page data has no phone or email fields: the site renders CARE_DESK there", () => {
    for (const f of contentFiles.filter((x) => x.path.endsWith('.json') && x.path.includes('pages'))) {
      const page = JSON.parse(f.text) as { widgets: Record<string, unknown>[] };
      for (const w of page.widgets.filter((x) => x.type === 'registration-agency-contact')) {
        expect(Object.keys(w), f.path).not.toContain('phone');
        expect(Object.keys(w), f.path).not.toContain('email');
      }
    }
  });
});

describe('help articles promise only what the portal has', () => {
  // The spec's forgotpassword route comes with accounts and onboarding (issue 14); until its page exists, no
  // sentence may send readers to a forgotten-password option on the sign-in page.
  const hasForgotPassword = existsSync('src/pages/dashboard/forgotpassword.astro');
  const articles = contentFiles.filter((f) => f.path.endsWith('.md'));

  it.skipIf(hasForgotPassword)('no article tells readers to use a forgotten-password option on the sign-in page (it says there is none yet)', () => {
    expect(articles.length).toBeGreaterThan(60);
    const promises = articles.flatMap((f) =>
      f.text
        .split(/(?<=[.!?:])\s+|\n+/)
        .filter((s) => /forgot|olvidad/i.test(s) && /sign-in page|inicio de sesión/i.test(s))
        .filter((s) => !/\b(no|not|cannot|todavía no)\b/i.test(s))
        .map((s) => `${f.path}: ${s}`),
    );
    expect(promises).toEqual([]);
    // The reset article says where to go instead.
    for (const f of articles.filter((x) => /resetting-your-password/.test(x.path))) {
      expect(f.text, f.path).toMatch(/Agency Care Desk|Atención a Agencias/);
    }
  });
});
