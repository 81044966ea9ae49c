import { describe, expect, it } from 'vitest';
import { PROVIDER_BRAND } from '../../src/server/db/shops.ts';
import {
  CERTIFICATE_ISSUER,
  CERTIFICATE_TITLE,
  certificateFileName,
  certificateTimeZone,
  formatCertificateTime,
  renderRecalibrationCertificate,
  type CertificateData,
} from '../../src/server/services/certificate.ts';
import { extractPdfPages, extractPdfText, parsePdfDate, readPdfInfo } from '../helpers/pdf-text.ts';

/** A certificate of a Tampa shop (Eastern Time); overrides replace fields, `shop` is merged. */
function certificateData(overrides: Partial<Omit<CertificateData, 'shop'>> & { shop?: Partial<CertificateData['shop']> } = {}): CertificateData {
  const { shop, ...rest } = overrides;
  return {
    workOrderId: 'WO-2025-000123',
    referralNumber: 'R-884512',
    vin: '1HGCM82633A004352',
    vehicle: '2021 Honda CR-V EX',
    partNumber: 'FW04567GTYN',
    partDescription: 'Windshield, solar, rain sensor, lane-departure camera bracket',
    calibrationType: 'Static',
    result: 'Pass',
    technician: 'Luis Ortega',
    shop: { name: 'GlassCare Auto Glass – Tampa North', address: '1200 N Dale Mabry Hwy', city: 'Tampa', state: 'FL', zip: '33607', phone: '8135550142', ...shop },
    startedAt: new Date('2025-03-14T14:05:00Z'),
    completedAt: new Date('2025-03-14T15:32:00Z'),
    agencyName: 'Sunshine Insurance Group',
    policyholder: 'María Núñez',
    ...rest,
  };
}

/** Asserts every text item lies inside the page, `inset` points in from each edge. */
async function expectAllTextOnPage(pdf: Uint8Array, inset = 30) {
  const pages = await extractPdfPages(pdf);
  expect(pages).toHaveLength(1);
  const [page] = pages;
  expect(page!.items.length).toBeGreaterThan(20);
  for (const item of page!.items) {
    expect.soft(item.x, item.str).toBeGreaterThanOrEqual(inset);
    expect.soft(item.x + item.width, item.str).toBeLessThanOrEqual(page!.width - inset);
    expect.soft(item.y, item.str).toBeGreaterThanOrEqual(inset);
    expect.soft(item.y + item.height, item.str).toBeLessThanOrEqual(page!.height - inset);
  }
  return page!;
}

const LONG = 'Extraordinarily Long Business Name That Keeps Going ';

describe('renderRecalibrationCertificate', () => {
  it('makes a one-page Letter PDF whose text holds every field of the certificate', async () => {
    const pdf = await renderRecalibrationCertificate(certificateData());
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(20_000);

    const page = await expectAllTextOnPage(pdf);
    expect([page.width, page.height]).toEqual([612, 792]);

    const text = await extractPdfText(pdf);
    for (const expected of [
      'ADAS camera recalibration certificate',
      'Certificate No. WO-2025-000123',
      'Referral No. R-884512',
      'Issue date 03/14/2025',
      'Vehicle 2021 Honda CR-V EX',
      'VIN 1HGCM82633A004352',
      'NAGS part number FW04567GTYN',
      'Description Windshield, solar, rain sensor, lane-departure camera bracket',
      'Calibration type Static',
      'Result Pass',
      'Technician Luis Ortega',
      'Shop GlassCare Auto Glass – Tampa North',
      'Address 1200 N Dale Mabry Hwy, Tampa, FL 33607',
      'Phone 813-555-0142',
      'Started 03/14/2025 10:05 AM EDT',
      'Completed 03/14/2025 11:32 AM EDT',
      'All times are Eastern Time (America/New_York).',
      'Agency Sunshine Insurance Group',
      'Policyholder María Núñez',
      "followed the vehicle maker's (OEM) procedure",
    ]) {
      expect.soft(text.toLowerCase()).toContain(expected.toLowerCase());
    }
    expect(text).toContain('PASS:');
  });

  it('shows a dynamic calibration that failed, with the failure stated', async () => {
    const text = await extractPdfText(await renderRecalibrationCertificate(certificateData({ calibrationType: 'Dynamic', result: 'Fail' })));
    expect(text).toContain('Calibration type Dynamic');
    expect(text).toContain('Result Fail');
    expect(text).toContain('FAIL: the calibration did not complete.');
    expect(text).toContain('must not be relied on');
    expect(text).not.toContain('PASS:');
  });

  it('prints a dash for a missing VIN (and empty values)', async () => {
    const pdf = await renderRecalibrationCertificate(certificateData({ vin: null, technician: '  ' }));
    const text = await extractPdfText(pdf);
    expect(text).toContain('VIN — PART REPLACED');
    expect(text).toContain('Technician — Started');
    expect(text).not.toContain('null');
    const { info } = await readPdfInfo(pdf);
    expect(info['Subject']).toBe('2021 Honda CR-V EX, VIN —, R-884512');
  });

  it('sets the document information; its dates are completedAt', async () => {
    const data = certificateData();
    const { pages, info, creationDate } = await readPdfInfo(await renderRecalibrationCertificate(data));
    expect(pages).toBe(1);
    expect(info).toMatchObject({
      Title: 'ADAS camera recalibration certificate WO-2025-000123',
      Author: 'GlassCare Auto Glass',
      Creator: 'GlassCare Auto Glass Agent Portal',
      Producer: 'pdf-lib',
      Language: 'en-US',
    });
    expect(String(info['Keywords'])).toContain('1HGCM82633A004352');
    expect(creationDate?.toISOString()).toBe(data.completedAt.toISOString());
    expect(parsePdfDate(String(info['ModDate']))?.toISOString()).toBe(data.completedAt.toISOString());
  });

  it('gives the same bytes for the same data, and different bytes for different data', async () => {
    const a = await renderRecalibrationCertificate(certificateData());
    const b = await renderRecalibrationCertificate(certificateData());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await renderRecalibrationCertificate(certificateData({ completedAt: new Date('2025-03-14T15:33:00Z') }));
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('keeps a very long shop name and description on the page (wrapped, cut with an ellipsis past a few lines)', async () => {
    const shopName = LONG.repeat(3).trim();
    const description = `Windshield ${'with acoustic interlayer heated wiper park area '.repeat(12)}end`;
    const pdf = await renderRecalibrationCertificate(certificateData({ partDescription: description, shop: { name: shopName } }));
    await expectAllTextOnPage(pdf);
    const text = await extractPdfText(pdf);
    expect(text).toContain(`Shop ${shopName}`); // three lines hold it whole
    expect(text).toContain('Description Windshield with acoustic interlayer');
    expect(text).toContain('…');
    expect(text).not.toContain('park area end'); // the end of the over-long description is cut
    expect(text).toContain('VIN 1HGCM82633A004352');
  });

  it.each(['en', 'es'] as const)('keeps everything on one page when every value is huge (%s, failed)', async (lang) => {
    const huge = LONG.repeat(30);
    const unbroken = 'X'.repeat(400);
    const pdf = await renderRecalibrationCertificate(
      certificateData({
        workOrderId: unbroken,
        referralNumber: unbroken,
        vin: unbroken,
        vehicle: huge,
        partNumber: unbroken,
        partDescription: huge,
        technician: huge,
        result: 'Fail',
        shop: { name: huge, address: huge, city: huge, state: 'TX', zip: unbroken, phone: unbroken },
        agencyName: huge,
        policyholder: huge,
      }),
      { lang },
    );
    const page = await expectAllTextOnPage(pdf);
    const text = page.items.map((i) => i.str).join(' ');
    expect(text).toContain(lang === 'es' ? 'Todas las horas están en' : 'All times are');
    expect(text).toContain(lang === 'es' ? 'hasta que una calibración se complete con éxito.' : 'until a calibration is completed successfully.');
  });

  it('draws characters the standard fonts lack as their base letters or "?" instead of failing', async () => {
    const text = await extractPdfText(
      await renderRecalibrationCertificate(certificateData({ policyholder: 'Şule Çelik 李 🚗', technician: 'Zoë\tO’Brien\nJr.' })),
    );
    expect(text).toContain('Policyholder Sule Çelik ? ?');
    expect(text).toContain('Technician Zoë O’Brien Jr.');
  });

  it('renders the Spanish labels and day-first dates', async () => {
    const pdf = await renderRecalibrationCertificate(certificateData({ calibrationType: 'Dynamic' }), { lang: 'es' });
    const text = await extractPdfText(pdf);
    for (const expected of [
      CERTIFICATE_TITLE.es,
      'N.º de certificado WO-2025-000123',
      'Fecha de emisión 14/03/2025',
      'Tipo de calibración Dinámica',
      'Resultado Aprobada',
      'Inicio 14/03/2025 10:05 a.m. EDT',
      'Finalización 14/03/2025 11:32 a.m. EDT',
      'Teléfono 813-555-0142',
      'VIN 1HGCM82633A004352',
      'siguió el procedimiento del fabricante del vehículo',
    ]) {
      expect.soft(text.toLowerCase()).toContain(expected.toLowerCase());
    }
    expect((await readPdfInfo(pdf)).info['Language']).toBe('es-US');
  });

  it('shows the times in the shop state’s zone, or the one asked for', async () => {
    const denver = await extractPdfText(await renderRecalibrationCertificate(certificateData({ shop: { state: 'CO' } })));
    expect(denver).toContain('Started 03/14/2025 8:05 AM MDT');
    expect(denver).toContain('Mountain Time (America/Denver)');
    const chicago = await extractPdfText(await renderRecalibrationCertificate(certificateData(), { timeZone: 'America/Chicago' }));
    expect(chicago).toContain('Completed 03/14/2025 10:32 AM CDT');
    // Winter: standard time.
    expect(formatCertificateTime(new Date('2025-01-10T17:00:00Z'), 'America/Chicago')).toBe('01/10/2025 11:00 AM CST');
  });

  it('falls back to the state’s zone for an unknown zone, and to UTC for an unknown state', () => {
    expect(certificateTimeZone('fl')).toBe('America/New_York');
    expect(certificateTimeZone('AZ')).toBe('America/Phoenix');
    expect(certificateTimeZone('TX', 'Mars/Olympus_Mons')).toBe('America/Chicago');
    expect(certificateTimeZone('ZZ')).toBe('UTC');
    expect(formatCertificateTime(new Date('2025-03-14T15:32:00Z'), 'UTC')).toBe('03/14/2025 3:32 PM UTC');
  });

  it('rejects an invalid date', async () => {
    await expect(renderRecalibrationCertificate(certificateData({ startedAt: new Date('nope') }))).rejects.toThrow(/startedAt is not a valid date/);
  });
});

describe('certificate constants', () => {
  it('issues certificates in the name of the provider’s brand', () => {
    expect(CERTIFICATE_ISSUER).toBe(PROVIDER_BRAND);
  });
});

describe('certificateFileName', () => {
  it('names the download after the work order, with only safe characters', () => {
    expect(certificateFileName('WO-2025-000123')).toBe('recalibration-certificate-WO-2025-000123.pdf');
    expect(certificateFileName('../a b/"c"')).toBe('recalibration-certificate-..-a-b-c.pdf');
    expect(certificateFileName('')).toBe('recalibration-certificate-certificate.pdf');
  });
});
