/** Files the browser saves: text built in the page (exports) and PDFs a signed-in call answers (certificates). */
import { APP_NAME, HEADER_APP_NAME } from '../../lib/constants.ts';
import { $session, handleUnauthorized } from '../../stores/session.ts';

/** Saves a blob under a file name through a temporary link; its URL is released after `releaseMs`. */
function saveBlob(blob: Blob, fileName: string, releaseMs: number): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), releaseMs);
}

/** Saves text as a file the browser downloads (exports): a Blob URL on a temporary link, released at once. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark so that spreadsheets read UTF-8 (accents in names) correctly.
  saveBlob(new Blob(['\ufeff', text], { type }), fileName, 0);
}

/**
 * Fetches a PDF from a call that needs the bearer token (so not a plain link) and saves it under the server's file
 * name (Content-Disposition), else `fallbackName`. 'signed-out' after a 401 (the session handles it); 'failed' for
 * any other refusal or a network error (the caller says so).
 */
export async function downloadPdf(url: string, fallbackName: string): Promise<'saved' | 'signed-out' | 'failed'> {
  try {
    const token = $session.get()?.accessToken;
    const res = await fetch(url, {
      headers: { Accept: 'application/pdf', [HEADER_APP_NAME]: APP_NAME, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (res.status === 401) {
      void handleUnauthorized();
      return 'signed-out';
    }
    if (!res.ok) return 'failed';
    const name = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
    // A reader may still be saving the file: its URL is kept a minute.
    saveBlob(await res.blob(), name, 60_000);
    return 'saved';
  } catch {
    return 'failed';
  }
}
