import { setLogLevel } from '../../src/server/log.ts';

setLogLevel('silent');

/** A Web Storage for stores that keep per-tab state (the browser's sessionStorage). */
class MemoryStorage implements Storage {
  #m = new Map<string, string>();
  get length() {
    return this.#m.size;
  }
  clear() {
    this.#m.clear();
  }
  getItem(k: string) {
    return this.#m.has(k) ? this.#m.get(k)! : null;
  }
  key(i: number) {
    return [...this.#m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.#m.delete(k);
  }
  setItem(k: string, v: string) {
    this.#m.set(k, String(v));
  }
}
if (!('sessionStorage' in globalThis) || !globalThis.sessionStorage) {
  Object.defineProperty(globalThis, 'sessionStorage', { value: new MemoryStorage(), configurable: true });
}
