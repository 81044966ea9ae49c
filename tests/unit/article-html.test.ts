// Article HTML is sanitised after rendering (docs/decisions/017-html-sanitiser.md): whatever way the Markdown
// writes a script link or raw HTML, the editor's preview (the real PreviewArticle call, the same processor
// and sanitiser as the article pages) has no script, no event handler and no javascript: or data: URL; the
// demo articles come out exactly as the processor renders them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satteri } from '@astrojs/markdown-satteri';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath } from '../../src/lib/api/index.ts';
import { MarkdownSchema } from '../../src/lib/api/content-admin.ts';
import { sanitizeArticleHtml } from '../../src/lib/article-html.ts';
import { renderMarkdown } from '../../src/server/routes/content-admin.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
let editor: string;
beforeAll(async () => {
  portal = await startTestPortal();
  editor = (await signInForTokens(portal, 'internal@demo.test')).access_token;
});
afterAll(async () => {
  await portal?.close();
});

const preview = (bodyMarkdown: string) => callApi(portal, callPath(CALLS.PreviewArticle), { token: editor, body: { AppName: 'AgentPortal', lang: 'en', bodyMarkdown } });

/** Fails on anything that could run: a script element, an event-handler attribute, a javascript:/data:/vbscript: URL. */
function expectInert(html: string, what: string) {
  expect(html, what).not.toMatch(/<script/i);
  expect(html, what).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html, what).not.toMatch(/(javascript|data|vbscript)\s*:/i);
  expect(html, what).not.toMatch(/<(iframe|object|embed|form|style|svg|math)/i);
}

describe('article HTML: an allowlist sanitiser after the Markdown processor', () => {
  it('script links the Markdown check does not see (reference-style, HTML entities) come out as plain text links in the preview', async () => {
    for (const md of [
      '[x][1]\n\n[1]: javascript:alert(1)',
      '[x](jav&#x61;script:alert(1))',
      '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
      '[x]\n\n[x]: javascript:alert(1) "t"',
      '[x](&#x4A;avaScript&colon;alert(1))',
      '![x][d]\n\n[d]: data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      '[x][v]\n\n[v]: vbscript:msgbox(1)',
    ]) {
      const res = await preview(md);
      expect(res.status, md).toBe(200);
      const { html } = res.json!.result as { html: string };
      expectInert(html, md);
      // The text stays: only the address goes.
      expect(html, md).toContain('x');
    }
  });

  it('raw HTML in the body (an img with onerror, a script) is still refused by the editor with its message, and renders inert regardless', async () => {
    for (const md of ['a <img src=x onerror=alert(1)> b', '<script>alert(1)</script>\n\ntext']) {
      const res = await preview(md);
      expect(res.status, md).toBe(400);
      expect(res.json!.errors, md).toEqual([expect.objectContaining({ path: 'bodyMarkdown', message: 'HTML is not allowed: use Markdown' })]);
      expect(MarkdownSchema.safeParse(md).success).toBe(false);
      const html = await renderMarkdown(md);
      expectInert(html, md);
    }
    expect((await renderMarkdown('a <img src=x onerror=alert(1)> b')).trim()).toBe('<p>a <img src="x" /> b</p>');
    expect((await renderMarkdown('<script>alert(1)</script>\n\ntext')).trim()).toBe('<p>text</p>');
    // And what a Markdown check would never catch as such.
    for (const html of [
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<img src="x" onload="alert(1)"><svg onload="alert(1)"></svg><iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p><form action="https://evil.example"><input name="q"></form>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><math><mi xlink:href="javascript:alert(1)">m</mi></math>',
    ]) {
      expectInert(sanitizeArticleHtml(html), html);
    }
  });

  it('what articles use stays: headings, lists, links (web, mail, phone, site), images, tables, code, quotes, emphasis', async () => {
    const md = [
      '## Steps {#x}',
      '',
      'Some *em*, **strong**, `code` and ~~gone~~ text with [a web link](https://example.com/a?b=1), [mail](mailto:desk@example.com),',
      '[phone](tel:+18005550100), [a page](/articles/filing-a-glass-claim-for-a-policyholder) and [an anchor](#steps).',
      '',
      '1. one',
      '2. two',
      '',
      '- a',
      '- b',
      '',
      '> a quote',
      '',
      '![A windshield](https://example.com/w.png) ![site image](/images/w.png)',
      '',
      '| Part | Price |',
      '| :--- | ---: |',
      '| Windshield | $300 |',
      '',
      '```',
      'plain code',
      '```',
    ].join('\n');
    const html = await renderMarkdown(md);
    for (const part of [
      '<h2 id="steps-x">', '<em>em</em>', '<strong>strong</strong>', '<code>code</code>', '<del>gone</del>',
      '<a href="https://example.com/a?b=1">', '<a href="mailto:desk@example.com">', '<a href="tel:+18005550100">',
      '<a href="/articles/filing-a-glass-claim-for-a-policyholder">', '<a href="#steps">', '<ol>', '<li>one</li>', '<ul>',
      '<blockquote>', '<img src="https://example.com/w.png" alt="A windshield" />', '<img src="/images/w.png" alt="site image" />',
      '<table>', '<th style="text-align:left">Part</th>', '<td style="text-align:right">$300</td>', '<pre><code>plain code',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('every demo article (both languages) renders exactly as the Markdown processor makes it', async () => {
    const raw = await satteri().createRenderer({ syntaxHighlight: false });
    const dir = 'src/content/snapshot/articles';
    let count = 0;
    for (const lang of ['en', 'es']) {
      for (const file of readdirSync(join(dir, lang))) {
        const md = readFileSync(join(dir, lang, file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
        const processed = (await raw.render(md)).code;
        expect(processed.length, file).toBeGreaterThan(200);
        expect(await renderMarkdown(md), `${lang}/${file}`).toBe(processed);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(60);
  });
});
