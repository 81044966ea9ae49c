import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

/**
 * The built site the server answers from. Publishing builds a new folder and switches to it at once
 * (`switchTo`): a request reads either the old or the new folder, never a half-built one.
 */
export class LiveSite {
  #dir: string;
  readonly #listeners: ((dir: string) => void)[] = [];
  constructor(dir: string) {
    this.#dir = resolve(dir);
  }
  /** The folder served now. */
  get dir(): string {
    return this.#dir;
  }
  /** Serves `dir` from the next request on, and tells the listeners. */
  switchTo(dir: string): void {
    this.#dir = resolve(dir);
    for (const l of this.#listeners) l(this.#dir);
  }
  /** Calls `listener` with the new folder after every switch. */
  onSwitch(listener: (dir: string) => void): void {
    this.#listeners.push(listener);
  }
  /** The file of a URL path inside the site (directory index, .html, or the file), or null; never outside it. */
  fileFor(urlPath: string): string | null {
    let path: string;
    try {
      path = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (path.includes('\0')) return null;
    const root = this.#dir;
    const clean = path.replace(/\/+$/, '');
    const candidates = extname(clean) ? [join(root, clean)] : [join(root, clean, 'index.html'), join(root, `${clean}.html`)];
    for (const f of candidates) {
      if ((f === root || f.startsWith(root + sep)) && existsSync(f) && statSync(f).isFile()) return f;
    }
    return null;
  }
}
