// Issue 19: content search by the full-text index (migration 041): ranking, Spanish, prefixes, punctuation — on PGlite,
// and on PostgreSQL when TEST_DATABASE_URL is set (a database of its own: the test empties its schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { searchArticles, searchWords } from '../../src/server/services/content.ts';

const ARTICLES: { route: string; published: string; status?: string; en: [string, string, string]; es: [string, string, string] }[] = [
  {
    route: 'calibration-in-title', published: '2026-01-01',
    en: ['Camera calibration after a windshield', 'What the shop does.', 'The shop aims the camera again.'],
    es: ['Calibración de la cámara', 'Lo que hace el taller.', 'El taller ajusta la cámara de nuevo.'],
  },
  {
    route: 'calibration-in-body', published: '2026-06-01',
    en: ['Choosing a shop', 'Where to go.', 'Some shops offer calibration of the camera as well.'],
    es: ['Elegir un taller', 'Adónde ir.', 'Algunos talleres ofrecen también la calibración de la cámara.'],
  },
  {
    route: 'adas-and-windshields', published: '2026-03-01',
    en: ['ADAS-calibration and windshields', "O'Neil's guide to recalibration.", 'Replacing windshields on cars with ADAS.'],
    es: ['Parabrisas y ADAS', 'Guía de recalibración.', 'Reemplazar parabrisas en coches con ADAS.'],
  },
  {
    route: 'draft-calibration', published: '2026-07-01', status: 'draft',
    en: ['Calibration draft', 'Not yet.', 'Calibration camera windshield.'],
    es: ['Borrador de calibración', 'Todavía no.', 'Calibración cámara parabrisas.'],
  },
];

async function seed(db: Db) {
  for (const a of ARTICLES) {
    await db.query("INSERT INTO articles (article_route, author, published_on, status) VALUES ($1, 'Test', $2, $3)", [a.route, a.published, a.status ?? 'published']);
    for (const lang of ['en', 'es'] as const) {
      const [title, summary, body] = a[lang];
      await db.query('INSERT INTO article_translations (article_route, lang, title, summary, body_md) VALUES ($1,$2,$3,$4,$5)', [a.route, lang, title, summary, body]);
    }
  }
}

const routes = async (db: Db, lang: 'en' | 'es', term: string) => (await searchArticles(db, lang, term)).map((r) => r.articleRoute);

function searchSuite(name: string, open: () => Promise<Db>) {
  describe(name, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
      await migrate(db);
      await seed(db);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('ranks a word in the title before the same word in the text; drafts never show', async () => {
      expect(await routes(db, 'en', 'calibration')).toEqual(['adas-and-windshields', 'calibration-in-title', 'calibration-in-body']);
      expect(await routes(db, 'en', 'camera calibration')).toEqual(['calibration-in-title', 'calibration-in-body']);
    });

    it('matches every word, stemmed (windshield finds windshields), and nothing when one word is missing', async () => {
      expect(await routes(db, 'en', 'windshield')).toEqual(['adas-and-windshields', 'calibration-in-title']);
      expect(await routes(db, 'en', 'windshield zzqqxx')).toEqual([]);
      expect(await routes(db, 'en', 'zzqqxx-nothing')).toEqual([]);
    });

    it('the last word matches as the start of a word (a reader still typing)', async () => {
      // Both titles say it (the ADAS one twice, once in 'ADAS-calibration'), the third only in its text.
      expect(await routes(db, 'en', 'calib')).toEqual(['adas-and-windshields', 'calibration-in-title', 'calibration-in-body']);
      expect(await routes(db, 'en', 'recalibrati')).toEqual(['adas-and-windshields']);
      // Only the last: a word before it must be whole.
      expect(await routes(db, 'en', 'calib camera')).toEqual([]);
    });

    it('punctuation separates words and is never query syntax', async () => {
      expect(await routes(db, 'en', 'ADAS-calibration')).toEqual(['adas-and-windshields']);
      expect(await routes(db, 'en', "o'neil's")).toEqual(['adas-and-windshields']);
      for (const term of ['%', "'", '&', '!', ':*', '|', '( )', "'; DROP TABLE articles; --"]) expect(await routes(db, 'en', term), term).toEqual([]);
      expect(searchWords("  O'Neil's ADAS-calibration, 3.5  ")).toEqual(['o', 'neil', 's', 'adas', 'calibration', '3', '5']);
    });

    it('Spanish articles are searched with Spanish stemming, in their own language only', async () => {
      expect(await routes(db, 'es', 'calibración')).toEqual(['calibration-in-title', 'calibration-in-body']);
      expect(await routes(db, 'es', 'parabrisas')).toEqual(['adas-and-windshields']);
      // 'Elegir un taller' (title) before 'el taller' in a summary and text.
      expect(await routes(db, 'es', 'talleres')).toEqual(['calibration-in-body', 'calibration-in-title']);
      expect(await routes(db, 'en', 'parabrisas')).toEqual([]);
    });
  });
}

searchSuite('content search on PGlite', () => openPglite());
const url = process.env.TEST_DATABASE_URL;
if (url) {
  searchSuite('content search on PostgreSQL', async () => {
    const db = await openPostgres(url);
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    return db;
  });
}
