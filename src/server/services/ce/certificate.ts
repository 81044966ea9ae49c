/**
 * The CE course completion certificate (issue 16): one Letter page drawn with pdf-lib in the standard Helvetica fonts
 * (as the recalibration certificate, decision 011): the agent's name, NPN, course, credit hours, completion date, the
 * verification code and the public URL that confirms it. Deterministic: the same data gives the same bytes.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { CeCertificateData } from './admin.ts';

/** Text the standard fonts can draw: one line, unknown characters folded to their base letter or '?'. */
function sanitizer(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) => {
    let out = '';
    // eslint-disable-next-line no-control-regex
    for (const ch of text.normalize('NFC').replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()) {
      if (supported.has(ch.codePointAt(0)!)) {
        out += ch;
        continue;
      }
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += folded && [...folded].every((c) => supported.has(c.codePointAt(0)!)) ? folded : '?';
    }
    return out;
  };
}

/** Cuts text to a width, with '…' when it was longer. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let s = text;
  while (s.length > 1 && font.widthOfTextAtSize(`${s}...`, size) > width) s = s.slice(0, -1);
  return `${s}...`;
}

/** The file name to offer. */
export const ceCertificateFileName = (code: string) => `ce-certificate-${code.replace(/[^A-Z0-9-]/gi, '')}.pdf`;

/** Renders the certificate; `verifyUrl` is the public page that confirms the code. */
export async function renderCeCertificate(data: CeCertificateData, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const date = new Date(`${data.completedOn}T12:00:00Z`);
  doc.setTitle(`CE course certificate ${data.code}`);
  doc.setAuthor('Agent Portal');
  doc.setCreator('Agent Portal');
  doc.setProducer('Agent Portal');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = sanitizer(regular);
  const width = 612 - 2 * 64;
  const ink = rgb(0.11, 0.14, 0.2);
  const muted = rgb(0.35, 0.38, 0.45);
  const center = (text: string, y: number, font: PDFFont, size: number, color = ink) => {
    const t = fit(clean(text), font, size, width);
    page.drawText(t, { x: (612 - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color });
  };
  page.drawRectangle({ x: 36, y: 36, width: 540, height: 720, borderColor: rgb(0.16, 0.33, 0.6), borderWidth: 2 });
  center('Certificate of Completion', 660, bold, 26);
  center('Continuing Education', 630, regular, 14, muted);
  center('This certifies that', 570, regular, 13, muted);
  center(data.name, 535, bold, 22);
  center(`NPN: ${data.npn?.trim() || '-'}`, 510, regular, 13);
  center('has completed the course', 465, regular, 13, muted);
  center(data.courseTitle, 432, bold, 17);
  center(`Course ID: ${data.courseId}`, 408, regular, 12, muted);
  const hours = Number.isInteger(data.creditHours) ? String(data.creditHours) : data.creditHours.toFixed(1);
  center(`Credit hours: ${hours}`, 370, regular, 14);
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  center(`Completion date: ${when}`, 346, regular, 14);
  center(`Verification code: ${data.code}`, 250, bold, 14);
  center('Verify this certificate at', 226, regular, 11, muted);
  center(verifyUrl, 208, regular, 10, muted);
  return doc.save({ useObjectStreams: false });
}
