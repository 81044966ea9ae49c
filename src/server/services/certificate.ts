/**
 * The ADAS camera recalibration certificate (issue 6, `AgencyWorkOrder/DownloadRecalibrationCertificate`): one
 * Letter page drawn with pdf-lib (decision 011). Server-only: never import this from browser code.
 *
 * - All text is real text in the standard Helvetica fonts (nothing embedded, so the file stays a few KB); characters
 *   the fonts cannot encode (WinAnsi) are folded to their base letter or replaced by '?', never thrown on.
 * - Long values wrap inside their column, up to a few lines each, and are cut with '…' past that; when the whole page
 *   would still be too tall, everything is laid out again at a smaller size. Nothing leaves the page.
 * - Output is deterministic: the same data gives the same bytes (the dates of the document are `completedAt`).
 * - Times are shown in the shop's local time zone (from its state; `options.timeZone` overrides) and say which.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { formatPhone } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n.ts';

/** What a certificate shows: one completed recalibration of one work order. */
export interface CertificateData {
  /** The work order id; it is also the certificate number. */
  workOrderId: string;
  referralNumber: string;
  /** The vehicle's VIN; null prints a dash. */
  vin: string | null;
  /** Year, make, model (and style) as one line, e.g. '2021 Honda CR-V EX'. */
  vehicle: string;
  /** The NAGS part number of the replaced glass. */
  partNumber: string;
  partDescription: string;
  calibrationType: 'Static' | 'Dynamic';
  result: 'Pass' | 'Fail';
  technician: string;
  shop: { name: string; address: string; city: string; state: string; zip: string; phone: string };
  startedAt: Date;
  completedAt: Date;
  agencyName: string;
  policyholder: string;
}

/** How to render a certificate. */
export interface CertificateOptions {
  /** Language of the labels (the Spanish site asks for 'es'); default 'en'. */
  lang?: Lang;
  /** IANA time zone for the timestamps; default the shop's state's main zone (UTC when unknown). */
  timeZone?: string;
}

/**
 * Who issues certificates: the provider's brand. Same value as PROVIDER_BRAND of src/server/db/shops.ts (a test
 * checks it); not imported from there because that module loads the whole ZIP database.
 */
export const CERTIFICATE_ISSUER = 'GlassCare Auto Glass';

/** The certificate's title, also the PDF's title (before the certificate number). */
export const CERTIFICATE_TITLE: Record<Lang, string> = {
  en: 'ADAS camera recalibration certificate',
  es: 'Certificado de recalibración de cámara ADAS',
};

/** The file name to offer for a certificate download. */
export function certificateFileName(workOrderId: string): string {
  const safe = workOrderId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'certificate';
  return `recalibration-certificate-${safe}.pdf`;
}

/** The main time zone of each US state (split states take the zone most of their people live in). */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = (() => {
  const zones: Record<string, string> = {};
  const put = (tz: string, states: string) => {
    for (const s of states.split(' ')) zones[s] = tz;
  };
  put('America/New_York', 'CT DC DE FL GA IN KY MA MD ME MI NC NH NJ NY OH PA RI SC VA VT WV');
  put('America/Chicago', 'AL AR IA IL KS LA MN MO MS ND NE OK SD TN TX WI');
  put('America/Denver', 'CO ID MT NM UT WY');
  put('America/Phoenix', 'AZ');
  put('America/Los_Angeles', 'CA NV OR WA');
  put('America/Anchorage', 'AK');
  put('Pacific/Honolulu', 'HI');
  put('America/Puerto_Rico', 'PR');
  return zones;
})();

/** The time zone the certificate's times are shown in: the option when valid, else the shop's state's, else UTC. */
export function certificateTimeZone(state: string, override?: string): string {
  for (const tz of [override, STATE_TIME_ZONES[state.trim().toUpperCase()]]) {
    if (!tz) continue;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return tz;
    } catch {
      // not a zone this runtime knows: try the next
    }
  }
  return 'UTC';
}

const LABELS = {
  en: {
    certificateNo: 'Certificate No.',
    referralNo: 'Referral No.',
    issueDate: 'Issue date',
    vehicleSection: 'Vehicle',
    vehicle: 'Vehicle',
    vin: 'VIN',
    partSection: 'Part replaced',
    partNumber: 'NAGS part number',
    partDescription: 'Description',
    calibrationSection: 'Calibration',
    calibrationType: 'Calibration type',
    result: 'Result',
    technician: 'Technician',
    startedAt: 'Started',
    completedAt: 'Completed',
    timesIn: (zone: string, id: string) => `All times are ${zone} (${id}).`,
    shopSection: 'Performed by',
    shop: 'Shop',
    address: 'Address',
    phone: 'Phone',
    claimSection: 'Claim',
    agency: 'Agency',
    policyholder: 'Policyholder',
    Static: 'Static',
    Dynamic: 'Dynamic',
    Pass: 'Pass',
    Fail: 'Fail',
    passBanner: 'PASS: the camera is calibrated to the vehicle maker\'s specification.',
    failBanner: 'FAIL: the calibration did not complete. Do not rely on camera-based driver assistance.',
    statement:
      'The forward-facing camera of this vehicle\'s advanced driver-assistance system (ADAS) was recalibrated after ' +
      'the replacement of the part listed above. The calibration followed the vehicle maker\'s (OEM) procedure for ' +
      'this vehicle, using the calibration type stated, and the result shown is the one reported by the calibration ' +
      'equipment at completion.',
    failStatement:
      'Because the calibration failed, the camera-based driver-assistance features of this vehicle must not be relied ' +
      'on until a calibration is completed successfully.',
    footer: 'Issued by',
  },
  es: {
    certificateNo: 'N.º de certificado',
    referralNo: 'N.º de referencia',
    issueDate: 'Fecha de emisión',
    vehicleSection: 'Vehículo',
    vehicle: 'Vehículo',
    vin: 'VIN',
    partSection: 'Pieza reemplazada',
    partNumber: 'Número de pieza NAGS',
    partDescription: 'Descripción',
    calibrationSection: 'Calibración',
    calibrationType: 'Tipo de calibración',
    result: 'Resultado',
    technician: 'Técnico',
    startedAt: 'Inicio',
    completedAt: 'Finalización',
    timesIn: (zone: string, id: string) => `Todas las horas están en ${zone} (${id}).`,
    shopSection: 'Realizada por',
    shop: 'Taller',
    address: 'Dirección',
    phone: 'Teléfono',
    claimSection: 'Reclamación',
    agency: 'Agencia',
    policyholder: 'Asegurado',
    Static: 'Estática',
    Dynamic: 'Dinámica',
    Pass: 'Aprobada',
    Fail: 'No aprobada',
    passBanner: 'APROBADA: la cámara está calibrada según la especificación del fabricante del vehículo.',
    failBanner: 'NO APROBADA: la calibración no se completó. No confíe en la asistencia al conductor por cámara.',
    statement:
      'La cámara frontal del sistema avanzado de asistencia al conductor (ADAS) de este vehículo se recalibró tras ' +
      'el reemplazo de la pieza indicada arriba. La calibración siguió el procedimiento del fabricante del vehículo ' +
      '(OEM) para este vehículo, con el tipo de calibración indicado, y el resultado mostrado es el que informó el ' +
      'equipo de calibración al terminar.',
    failStatement:
      'Como la calibración no fue aprobada, no se debe confiar en las funciones de asistencia al conductor basadas en ' +
      'la cámara de este vehículo hasta que una calibración se complete con éxito.',
    footer: 'Emitido por',
  },
} as const;

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };
const DASH = '—';

/** A timestamp as 'MM/DD/YYYY h:mm AM CDT' (en) or 'DD/MM/YYYY h:mm a.m. CDT' (es), built from parts so it is stable. */
export function formatCertificateTime(date: Date, timeZone: string, lang: Lang = 'en'): string {
  const parts = new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = lang === 'es' ? `${get('day')}/${get('month')}/${get('year')}` : `${get('month')}/${get('day')}/${get('year')}`;
  return `${day} ${get('hour')}:${get('minute')} ${get('dayPeriod')} ${get('timeZoneName')}`.replace(/\s+/g, ' ');
}

/** A date alone (no time), in the same order as formatCertificateTime. */
function formatCertificateDate(date: Date, timeZone: string, lang: Lang): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return lang === 'es' ? `${get('day')}/${get('month')}/${get('year')}` : `${get('month')}/${get('day')}/${get('year')}`;
}

/** The zone's generic long name ('Central Time'). */
function zoneName(timeZone: string, lang: Lang): string {
  if (timeZone === 'UTC') return lang === 'es' ? 'hora UTC' : 'UTC';
  const parts = new Intl.DateTimeFormat(LOCALES[lang], { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date(0));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** Text the standard fonts can draw: one line, NFC, unknown characters folded to their base letter or '?'. */
function makeSanitizer(font: PDFFont): (text: string | null | undefined) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) => {
    let out = '';
    // Control characters are what this removes: the PDF font has no glyph for them.
    // eslint-disable-next-line no-control-regex
    for (const ch of (text ?? '').normalize('NFC').replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()) {
      const cp = ch.codePointAt(0)!;
      if (supported.has(cp)) {
        out += ch;
        continue;
      }
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += folded && [...folded].every((c) => supported.has(c.codePointAt(0)!)) ? folded : '?';
    }
    return out;
  };
}

/** Splits text into lines no wider than `width` (stopping after `limit` lines); words longer than a line are broken. */
function wrapText(text: string, font: PDFFont, size: number, width: number, limit = Infinity): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (lines.length >= limit) break;
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest) && lines.length < limit) {
      // The longest prefix that fits (at least one character), by bisection.
      let lo = 1;
      let hi = rest.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(rest.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      lines.push(rest.slice(0, lo));
      rest = rest.slice(lo);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Wraps text into at most `maxLines` lines; the last kept line ends with '…' when text was cut. */
function clampLines(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const lines = wrapText(text, font, size, width, maxLines + 1);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 54;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_Y = 34;
const BOTTOM_LIMIT = FOOTER_Y + 26;
const COLORS = {
  ink: rgb(0.11, 0.13, 0.16),
  muted: rgb(0.36, 0.39, 0.44),
  brand: rgb(0.0, 0.27, 0.53),
  rule: rgb(0.8, 0.83, 0.87),
  passInk: rgb(0.05, 0.4, 0.18),
  passFill: rgb(0.89, 0.96, 0.91),
  failInk: rgb(0.7, 0.1, 0.1),
  failFill: rgb(0.99, 0.91, 0.91),
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}
type DrawOp = (page: PDFPage) => void;

/** Lays the page out at `scale` (1 = 10 pt body text); returns the drawing operations and the lowest y used. */
function layout(data: CertificateData, lang: Lang, timeZone: string, fonts: Fonts, clean: (s: string | null | undefined) => string, scale: number) {
  const L = LABELS[lang];
  const ops: DrawOp[] = [];
  const body = 10 * scale;
  const lead = (size: number) => size * 1.25;
  let y = PAGE.height - MARGIN;

  /** Draws lines of text top-down from the current y at x; returns the height used. */
  const text = (lines: string[], x: number, top: number, size: number, font: PDFFont, color: RGB) => {
    lines.forEach((line, i) => {
      const baseline = top - size - i * lead(size) + size * 0.2;
      ops.push((page) => page.drawText(line, { x, y: baseline, size, font, color }));
    });
    return lines.length * lead(size);
  };
  const value = (v: string | null | undefined) => clean(v) || DASH;

  // Header: the provider, the title, a rule.
  const brandSize = 10 * scale;
  y -= text([clean(CERTIFICATE_ISSUER).toUpperCase()], MARGIN, y, brandSize, fonts.bold, COLORS.brand);
  y -= 4 * scale;
  const titleSize = 20 * scale;
  y -= text(clampLines(clean(CERTIFICATE_TITLE[lang]), fonts.bold, titleSize, CONTENT_WIDTH, 2), MARGIN, y, titleSize, fonts.bold, COLORS.ink);
  y -= 8 * scale;
  const ruleY = y;
  ops.push((page) => page.drawLine({ start: { x: MARGIN, y: ruleY }, end: { x: PAGE.width - MARGIN, y: ruleY }, thickness: 1.5, color: COLORS.brand }));
  y -= 12 * scale;

  // Certificate number, referral number, issue date in three columns.
  const colGap = 12;
  const colWidth = (CONTENT_WIDTH - 2 * colGap) / 3;
  const labelSize = 8 * scale;
  const meta: Array<[string, string]> = [
    [L.certificateNo, value(data.workOrderId)],
    [L.referralNo, value(data.referralNumber)],
    [L.issueDate, formatCertificateDate(data.completedAt, timeZone, lang)],
  ];
  let metaHeight = 0;
  meta.forEach(([label, v], i) => {
    const x = MARGIN + i * (colWidth + colGap);
    let h = text([clean(label).toUpperCase()], x, y, labelSize, fonts.regular, COLORS.muted);
    h += 2 * scale;
    h += text(clampLines(v, fonts.bold, 12 * scale, colWidth, 2), x, y - h, 12 * scale, fonts.bold, COLORS.ink);
    metaHeight = Math.max(metaHeight, h);
  });
  y -= metaHeight + 14 * scale;

  // The result banner: a coloured box with a check or a cross and one sentence.
  const pass = data.result === 'Pass';
  const ink = pass ? COLORS.passInk : COLORS.failInk;
  const bannerSize = 12 * scale;
  const iconSize = 22 * scale;
  const pad = 10 * scale;
  const bannerTextX = MARGIN + pad + iconSize + pad;
  const bannerLines = clampLines(clean(pass ? L.passBanner : L.failBanner), fonts.bold, bannerSize, PAGE.width - MARGIN - pad - bannerTextX, 2);
  const bannerHeight = Math.max(iconSize, bannerLines.length * lead(bannerSize)) + 2 * pad;
  const bannerTop = y;
  ops.push((page) => {
    page.drawRectangle({ x: MARGIN, y: bannerTop - bannerHeight, width: CONTENT_WIDTH, height: bannerHeight, color: pass ? COLORS.passFill : COLORS.failFill, borderColor: ink, borderWidth: 1.5 });
    const cx = MARGIN + pad + iconSize / 2;
    const cy = bannerTop - bannerHeight / 2;
    page.drawCircle({ x: cx, y: cy, size: iconSize / 2, color: ink });
    const s = iconSize / 2;
    const white = rgb(1, 1, 1);
    const thickness = 2.6 * scale;
    if (pass) {
      page.drawLine({ start: { x: cx - 0.5 * s, y: cy }, end: { x: cx - 0.12 * s, y: cy - 0.4 * s }, thickness, color: white, lineCap: 1 });
      page.drawLine({ start: { x: cx - 0.12 * s, y: cy - 0.4 * s }, end: { x: cx + 0.5 * s, y: cy + 0.42 * s }, thickness, color: white, lineCap: 1 });
    } else {
      page.drawLine({ start: { x: cx - 0.4 * s, y: cy - 0.4 * s }, end: { x: cx + 0.4 * s, y: cy + 0.4 * s }, thickness, color: white, lineCap: 1 });
      page.drawLine({ start: { x: cx - 0.4 * s, y: cy + 0.4 * s }, end: { x: cx + 0.4 * s, y: cy - 0.4 * s }, thickness, color: white, lineCap: 1 });
    }
  });
  const textTop = bannerTop - (bannerHeight - bannerLines.length * lead(bannerSize)) / 2;
  text(bannerLines, bannerTextX, textTop, bannerSize, fonts.bold, ink);
  y -= bannerHeight + 16 * scale;

  // Sections of label/value rows.
  const labelWidth = 140;
  const valueX = MARGIN + labelWidth;
  const valueWidth = CONTENT_WIDTH - labelWidth;
  const section = (title: string, rows: Array<[string, string, number, PDFFont?, RGB?]>, note?: string) => {
    y -= text([clean(title).toUpperCase()], MARGIN, y, 9 * scale, fonts.bold, COLORS.brand);
    const ruleAt = y - 2 * scale;
    ops.push((page) => page.drawLine({ start: { x: MARGIN, y: ruleAt }, end: { x: PAGE.width - MARGIN, y: ruleAt }, thickness: 0.5, color: COLORS.rule }));
    y -= 7 * scale;
    for (const [label, v, maxLines, font, color] of rows) {
      const labelH = text(clampLines(clean(label), fonts.regular, body, labelWidth - 10, 2), MARGIN, y, body, fonts.regular, COLORS.muted);
      const valueH = text(clampLines(v, font ?? fonts.regular, body, valueWidth, maxLines), valueX, y, body, font ?? fonts.regular, color ?? COLORS.ink);
      y -= Math.max(labelH, valueH) + 3 * scale;
    }
    if (note) y -= text(clampLines(clean(note), fonts.regular, 8 * scale, valueWidth, 2), valueX, y, 8 * scale, fonts.regular, COLORS.muted);
    y -= 10 * scale;
  };

  section(L.vehicleSection, [
    [L.vehicle, value(data.vehicle), 2, fonts.bold],
    [L.vin, value(data.vin), 2, fonts.bold],
  ]);
  section(L.partSection, [
    [L.partNumber, value(data.partNumber), 1],
    [L.partDescription, value(data.partDescription), 3],
  ]);
  section(
    L.calibrationSection,
    [
      [L.calibrationType, L[data.calibrationType], 1, fonts.bold],
      [L.result, L[data.result], 1, fonts.bold, ink],
      [L.technician, value(data.technician), 2],
      [L.startedAt, formatCertificateTime(data.startedAt, timeZone, lang), 1],
      [L.completedAt, formatCertificateTime(data.completedAt, timeZone, lang), 1],
    ],
    L.timesIn(zoneName(timeZone, lang), timeZone),
  );
  const { shop } = data;
  const cityLine = [clean(shop.city), [clean(shop.state), clean(shop.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  section(L.shopSection, [
    [L.shop, value(shop.name), 3, fonts.bold],
    [L.address, [clean(shop.address), cityLine].filter(Boolean).join(', ') || DASH, 3],
    [L.phone, value(formatPhone(shop.phone)), 1],
  ]);
  section(L.claimSection, [
    [L.agency, value(data.agencyName), 2],
    [L.policyholder, value(data.policyholder), 2],
  ]);

  // The statement.
  const statement = pass ? L.statement : `${L.statement} ${L.failStatement}`;
  y -= text(wrapText(clean(statement), fonts.regular, 9 * scale, CONTENT_WIDTH), MARGIN, y, 9 * scale, fonts.regular, COLORS.ink);

  // Footer: who issued it and the certificate number, on one line each side.
  const footSize = 8;
  const left = `${clean(L.footer)} ${clean(CERTIFICATE_ISSUER)}`;
  const rightLabel = `${clean(L.certificateNo)} `;
  const rightRoom = CONTENT_WIDTH - fonts.regular.widthOfTextAtSize(left, footSize) - 24 - fonts.regular.widthOfTextAtSize(rightLabel, footSize);
  const right = rightLabel + clampLines(value(data.workOrderId), fonts.regular, footSize, rightRoom, 1)[0]!;
  ops.push((page) => {
    page.drawLine({ start: { x: MARGIN, y: FOOTER_Y + 12 }, end: { x: PAGE.width - MARGIN, y: FOOTER_Y + 12 }, thickness: 0.5, color: COLORS.rule });
    page.drawText(left, { x: MARGIN, y: FOOTER_Y, size: footSize, font: fonts.regular, color: COLORS.muted });
    page.drawText(right, { x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(right, footSize), y: FOOTER_Y, size: footSize, font: fonts.regular, color: COLORS.muted });
  });
  return { ops, bottom: y };
}

/** Renders the recalibration certificate of one work order as a one-page PDF (bytes starting with '%PDF-'). */
export async function renderRecalibrationCertificate(data: CertificateData, options: CertificateOptions = {}): Promise<Uint8Array> {
  const lang: Lang = options.lang === 'es' ? 'es' : 'en';
  for (const [name, d] of [['startedAt', data.startedAt], ['completedAt', data.completedAt]] as const) {
    if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new TypeError(`renderRecalibrationCertificate: ${name} is not a valid date`);
  }
  const timeZone = certificateTimeZone(data.shop.state, options.timeZone);

  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const clean = makeSanitizer(fonts.regular);

  // Full size when it fits (it does for ordinary data); otherwise smaller until it does.
  let result = layout(data, lang, timeZone, fonts, clean, 1);
  for (let scale = 0.95; result.bottom < BOTTOM_LIMIT && scale >= 0.6; scale -= 0.05) {
    result = layout(data, lang, timeZone, fonts, clean, scale);
  }
  const page = doc.addPage([PAGE.width, PAGE.height]);
  for (const op of result.ops) op(page);

  const title = `${clean(CERTIFICATE_TITLE[lang])} ${clean(data.workOrderId)}`.trim();
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(CERTIFICATE_ISSUER);
  doc.setSubject(`${clean(data.vehicle)}, VIN ${data.vin ? clean(data.vin) : DASH}, ${clean(data.referralNumber)}`);
  doc.setKeywords(['ADAS', 'recalibration', clean(data.workOrderId), clean(data.referralNumber), ...(data.vin ? [clean(data.vin)] : [])]);
  doc.setCreator(`${CERTIFICATE_ISSUER} Agent Portal`);
  doc.setProducer('pdf-lib');
  doc.setLanguage(LOCALES[lang]);
  doc.setCreationDate(data.completedAt);
  doc.setModificationDate(data.completedAt);
  return doc.save({ useObjectStreams: false });
}
