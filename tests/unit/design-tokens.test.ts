// The design tokens (src/styles/tokens.css): every text colour token is checked against every background it is used on
// for WCAG 2 contrast (4.5:1 for text, 3:1 for the edges of controls and the focus ring), from the file itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');
const GLOBAL = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
const WORK_ORDERS = readFileSync(new URL('../../src/styles/work-orders.css', import.meta.url), 'utf8');
const WORK_ORDERS_DASHBOARD = readFileSync(new URL('../../src/styles/work-orders-dashboard.css', import.meta.url), 'utf8');

/** The custom properties of tokens.css's :root, by name (comments removed). */
function tokensOf(css: string): Map<string, string> {
  const root = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/:root\s*\{([\s\S]*?)\}/);
  if (!root) throw new Error('tokens.css has no :root block');
  return new Map([...root[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}
const TOKENS = tokensOf(CSS);

/** A token's colour as 0–255 channels (hex only: every colour token a text pair uses is written in hex). */
function rgbOf(name: string): [number, number, number] {
  const value = TOKENS.get(name);
  if (!value) throw new Error(`${name} is not a token in tokens.css`);
  const hex = value.match(/^#([0-9a-f]{6}|[0-9a-f]{3})$/i)?.[1];
  if (!hex) throw new Error(`${name} is ${value}, not a hex colour`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours (1–21). */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Every text colour on every background the components put it on (docs/design-system.md). */
const TEXT_PAIRS: readonly [text: string, background: string, where: string][] = [
  ['--color-text', '--color-bg', 'body text on the page'],
  ['--color-text', '--color-surface', 'body text on cards, inputs, dialogs, the error summary'],
  ['--color-text', '--color-surface-subtle', 'table heads, read-only inputs'],
  ['--color-text', '--color-surface-selected', 'the current nav item, tags'],
  ['--color-text', '--color-accent-subtle', 'information notices, a checked choice card'],
  ['--color-text', '--color-warning-subtle', 'the global banner'],
  ['--color-text', '--color-danger-subtle', 'text in a form error'],
  ['--color-text-muted', '--color-bg', 'hints on the page'],
  ['--color-text-muted', '--color-surface', 'hints, captions, empty panels'],
  ['--color-text-muted', '--color-surface-subtle', 'table heads, a disabled choice card'],
  ['--color-text-muted', '--color-surface-selected', 'hints in a hovered row'],
  ['--color-text-muted', '--color-accent-subtle', "a checked choice card's hint"],
  ['--color-accent', '--color-bg', 'links on the page'],
  ['--color-accent', '--color-surface', 'links, secondary and tertiary buttons'],
  ['--color-accent', '--color-surface-selected', 'a hovered secondary button'],
  ['--color-accent', '--color-accent-subtle', 'links in notices'],
  ['--color-accent', '--color-warning-subtle', "the global banner's link"],
  ['--color-accent-hover', '--color-surface', 'a hovered link'],
  ['--color-accent-hover', '--color-surface-selected', 'a hovered secondary button'],
  ['--color-on-accent', '--color-accent', 'primary buttons'],
  ['--color-on-accent', '--color-accent-hover', 'a hovered primary button'],
  ['--color-on-accent', '--color-danger', 'destructive buttons, the warning toast'],
  ['--color-on-accent', '--color-danger-hover', 'a hovered destructive button'],
  ['--color-on-accent', '--color-success', 'the success toast'],
  ['--color-on-accent', '--color-text', 'the skip link'],
  ['--color-danger', '--color-surface', 'field errors on a card'],
  ['--color-danger', '--color-bg', 'field errors on the page'],
  ['--color-danger-text', '--color-danger-subtle', 'a form error'],
  ['--color-danger-text', '--color-surface', "the error summary's links"],
  ['--color-danger-hover', '--color-surface', "a hovered error summary link"],
  ['--color-success', '--color-surface', 'saved, done'],
  ['--color-success', '--color-success-subtle', 'a success status'],
  ['--color-warning-text', '--color-warning-subtle', 'a warning notice'],
  ['--color-disabled-text', '--color-disabled-bg', 'a disabled button'],
  ['--color-accent', '--color-accent-subtle', "the header's call to action ('File a claim now', .btn--cta)"],
  ['--color-accent-hover', '--color-accent-border', "the hovered call to action"],
  ['--color-text-muted', '--color-surface', 'the required-field marker (.req) on a card'],
  ['--color-rating', '--color-surface', "a survey's rating stars"],
  ['--color-status-received-text', '--color-status-received-subtle', 'the received status badge'],
  ['--color-status-policyholder-contacted-text', '--color-status-policyholder-contacted-subtle', 'the policyholder contacted status badge'],
  ['--color-status-scheduled-text', '--color-status-scheduled-subtle', 'the scheduled status badge'],
  ['--color-status-in-progress-text', '--color-status-in-progress-subtle', 'the in progress status badge'],
  ['--color-status-completed-text', '--color-status-completed-subtle', 'the completed status badge'],
  ['--color-status-survey-complete-text', '--color-status-survey-complete-subtle', 'the survey complete status badge'],
  ['--color-status-cancelled-text', '--color-status-cancelled-subtle', 'the cancelled status badge'],
  ['--color-status-failed-text', '--color-status-failed-subtle', 'the failed status badge'],
];

/** Edges that identify a control or show focus (WCAG 1.4.11, 3:1). */
const NON_TEXT_PAIRS: readonly [colour: string, background: string, where: string][] = [
  ['--color-border-input', '--color-surface', 'an input, select or choice card on a card'],
  ['--color-border-input', '--color-bg', 'an input on the page'],
  ['--color-accent', '--color-surface', 'a checked choice card, the secondary button edge'],
  ['--color-danger', '--color-surface', 'an invalid input, the error summary border'],
  ['--color-focus-inner', '--color-surface', 'the focus ring (navy part) on a card'],
  ['--color-focus-inner', '--color-bg', 'the focus ring (navy part) on the page'],
  ['--color-focus', '--color-focus-inner', 'the two rings against each other'],
  ['--color-focus', '--color-accent', 'the focus ring (amber part) around a primary button'],
  ['--color-accent', '--color-accent-subtle', "the call to action's edge on its tint"],
  ['--color-status-received', '--color-surface', 'the received bars of the work-order chart'],
  ['--color-status-policyholder-contacted', '--color-surface', 'the policyholder contacted bars of the work-order chart'],
  ['--color-status-scheduled', '--color-surface', 'the scheduled bars of the work-order chart'],
  ['--color-status-in-progress', '--color-surface', 'the in progress bars of the work-order chart'],
  ['--color-status-completed', '--color-surface', 'the completed bars of the work-order chart'],
  ['--color-status-survey-complete', '--color-surface', 'the survey complete bars of the work-order chart'],
  ['--color-status-cancelled', '--color-surface', 'the cancelled bars of the work-order chart'],
  ['--color-status-failed', '--color-surface', 'the failed bars of the work-order chart'],
];

describe('design tokens (src/styles/tokens.css)', () => {
  it('defines each token group: colour, type, spacing, radius, shadow', () => {
    for (const prefix of ['--color-', '--font-size-', '--font-weight-', '--space-', '--radius-', '--shadow-']) {
      expect([...TOKENS.keys()].filter((k) => k.startsWith(prefix)).length, prefix).toBeGreaterThan(2);
    }
    expect(TOKENS.get('--font-sans')).toMatch(/^'Inter Variable'/);
  });

  it.each(TEXT_PAIRS)('%s on %s (%s) reaches 4.5:1', (text, background) => {
    expect(contrast(rgbOf(text), rgbOf(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('%s against %s (%s) reaches 3:1', (colour, background) => {
    expect(contrast(rgbOf(colour), rgbOf(background))).toBeGreaterThanOrEqual(3);
  });

  it('checks every text colour token against at least one background', () => {
    const textTokens = [...TOKENS.keys()].filter((k) => /^--color-(text|on-|.*-text$)/.test(k));
    const checked = new Set(TEXT_PAIRS.map(([text]) => text));
    expect(textTokens.filter((k) => !checked.has(k))).toEqual([]);
  });

  it('computes contrast as WCAG does (black on white 21:1, a colour on itself 1:1)', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([11, 79, 138], [11, 79, 138])).toBe(1);
    // #767676 on white is the well-known 4.54:1 threshold grey.
    expect(contrast([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  it('the font face is Latin only, swaps, and is what BaseLayout preloads', () => {
    const face = CSS.match(/@font-face\s*\{[^}]*'Inter Variable'[^}]*\}/)?.[0] ?? '';
    expect(face).toContain('font-display: swap');
    expect(face).toContain('inter-latin-wght-normal.woff2');
    expect(face).toMatch(/unicode-range: U\+0000-00FF/);
    const layout = readFileSync(new URL('../../src/layouts/BaseLayout.astro', import.meta.url), 'utf8');
    expect(layout).toContain("import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'");
    expect(layout).toMatch(/<link rel="preload" href=\{interLatin\} as="font" type="font\/woff2" crossorigin \/>/);
    // Tokens first: global.css reads them.
    expect(layout.indexOf("import '../styles/tokens.css'")).toBeGreaterThan(-1);
    expect(layout.indexOf("import '../styles/tokens.css'")).toBeLessThan(layout.indexOf("import '../styles/global.css'"));
  });

  it('global.css and the work-order stylesheets use only tokens that exist', () => {
    const used = new Set([...(GLOBAL + WORK_ORDERS + WORK_ORDERS_DASHBOARD).matchAll(/var\((--(?:color|font|space|radius|shadow|z|line-height|letter-spacing|control)-[\w-]*)/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !TOKENS.has(name))).toEqual([]);
  });

  it('the required-field marker (.req) is not red (red is for errors) and reads at 4.5:1 on white', () => {
    const rule = GLOBAL.match(/^\.req \{([^}]*)\}/m)?.[1] ?? '';
    const colour = rule.match(/(?:^|;)\s*color:\s*var\((--color-[\w-]+)\)/)?.[1];
    expect(colour, '.req takes its colour from a token').toBeDefined();
    expect(colour).not.toMatch(/danger|status-failed/);
    expect(TOKENS.get('--color-surface')).toBe('#ffffff');
    expect(contrast(rgbOf(colour!), rgbOf('--color-surface'))).toBeGreaterThanOrEqual(4.5);
  });

  it('the header, claim-flow and work-order rules write colours with tokens: no raw hex or rgb, no old aliases', () => {
    /** The text of global.css from a section's opening comment to the next one (sections are separated by a blank line). */
    const section = (start: string) => {
      const from = GLOBAL.indexOf(start);
      expect(from, start).toBeGreaterThan(-1);
      const next = GLOBAL.slice(from + start.length).search(/\n\n\/\* /);
      return next < 0 ? GLOBAL.slice(from) : GLOBAL.slice(from, from + start.length + next);
    };
    const raw = /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(|var\(--(?:blue|blue-dark|navy|red|green|bg|card|line|muted|focus|radius)\)/i;
    const sources: Record<string, string> = {
      'global.css: header': section('/* Header */'),
      'global.css: claim flow': section('/* The claim and quote flow'),
      'global.css: work orders': section('/* Work orders (dashboard) */'),
      'work-orders.css': WORK_ORDERS,
      'work-orders-dashboard.css': WORK_ORDERS_DASHBOARD,
    };
    for (const [name, css] of Object.entries(sources)) {
      const offending = css
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .filter((line) => raw.test(line));
      expect(offending, name).toEqual([]);
    }
    // The sections are real: the header's rules, the claim flow's and the work orders' are in them.
    expect(sources['global.css: header']).toContain('.site-header {');
    expect(sources['global.css: claim flow']).toContain('.req {');
    expect(sources['global.css: work orders']).toContain('.wo-status--failed {');
  });
});
