/**
 * Reads PDFs back in tests: the text of every page, the positioned text items and the document information.
 * Uses unpdf (PDF.js built for server runtimes: no browser, no canvas, no worker), so it runs in plain Node from vitest
 * and from Playwright tests alike (decision 011). Test-only: unpdf is a devDependency.
 */
import { getDocumentProxy } from 'unpdf';

/** One piece of text on a page, in PDF points from the bottom-left corner. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One page: its size and its text items in reading order. */
export interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
}

type PdfInput = Uint8Array | ArrayBuffer;

/** Opens a PDF from a copy of its bytes (PDF.js takes ownership of the buffer it gets). */
async function open(bytes: PdfInput) {
  const copy = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes.slice(0));
  return getDocumentProxy(copy, { verbosity: 0, useSystemFonts: false });
}

/** Every page's text items with their positions and the page size. */
export async function extractPdfPages(bytes: PdfInput): Promise<PdfPage[]> {
  const pdf = await open(bytes);
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const [, , , , x, y] = item.transform as number[];
        items.push({ str: item.str, x: x!, y: y!, width: item.width, height: item.height });
      }
      pages.push({ width: x1 - x0, height: y1 - y0, items });
    }
    return pages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** The text of all pages: each page's items joined by spaces (line ends too), pages separated by a blank line. */
export async function extractPdfText(bytes: PdfInput): Promise<string> {
  const pages = await extractPdfPages(bytes);
  return pages.map((p) => p.items.map((i) => i.str).join(' ').replace(/\s+/g, ' ').trim()).join('\n\n');
}

/** The document information dictionary (Title, Author, Producer, CreationDate as a Date, …) and the page count. */
export async function readPdfInfo(bytes: PdfInput): Promise<{ pages: number; info: Record<string, unknown>; creationDate: Date | null }> {
  const pdf = await open(bytes);
  try {
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    const raw = typeof info['CreationDate'] === 'string' ? info['CreationDate'] : null;
    return { pages: pdf.numPages, info, creationDate: raw ? parsePdfDate(raw) : null };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Parses a PDF date string ('D:20250314153200Z', with an optional +HH'mm' offset). */
export function parsePdfDate(s: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(s);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', tz = 'Z'] = m;
  const offset = tz === 'Z' ? 'Z' : `${tz.slice(0, 3)}:${tz.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${se}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
