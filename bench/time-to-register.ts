// Time to register: a newcomer in Debian's Chromium, from the sign-in page's 'Create an account' to the
// dashboard saying their agency request is under review — the form, the verification email (read from the
// portal's dev mailbox; following its link counts as one interaction), the password, the agency search and
// its confirmation. Counts interactions as time-to-file.ts does, and the wall seconds (the outbox worker's
// poll, which delivers the email, is part of them). Figures, not assertions.
import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { newestLink } from '../tests/e2e/mailbox.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './pages.ts';
import { Agent } from './time-to-file.ts';

export interface TimeToRegister {
  interactions: number;
  seconds: number;
  /** Of them, waiting for the verification email (the outbox worker's poll). */
  emailSeconds: number;
  byPage: Record<string, number>;
}

const VERIFY_SUBJECT = 'Verify your email for the Agent Portal';

/** Registers a new agent on the portal at `base` (whose data folder is `dataDir`) and asks to join Summit Ridge Agency. */
export async function timeToRegister(base: string, dataDir: string): Promise<TimeToRegister> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const email = `bench-${Date.now().toString(36)}@example.test`;
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/dashboard/login`);
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    const a = new Agent(page);
    const start = performance.now();

    a.on('create-account');
    await a.click(page.getByRole('link', { name: 'Create an account' }));
    await a.fill(page.getByLabel('First name'), 'Robin');
    await a.fill(page.getByLabel('Last name'), 'Quintero');
    await a.fill(page.getByLabel('Email'), email);
    await a.fill(page.getByLabel(/^Phone number/), '813-555-0142');
    await a.fill(page.getByLabel(/^Agent number/), 'A12345');
    await a.click(page.getByRole('button', { name: 'Create account' }));
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    a.on('email');
    const mailStart = performance.now();
    let link: string | undefined;
    while (!link) {
      link = (await newestLink(email, VERIFY_SUBJECT, 0, join(dataDir, 'mailbox')))?.link;
      if (!link) {
        if (performance.now() - mailStart > 60_000) throw new Error('time to register: no verification email within 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const emailSeconds = (performance.now() - mailStart) / 1000;
    // Following the emailed link: one interaction (a click in the mail client).
    a.count++;
    a.byPage.email = 1;
    await page.goto(link);

    a.on('create-new-password');
    await a.fill(page.getByLabel('New password'), 'Glass-Harbor-2931');
    await a.fill(page.getByLabel('Confirm the password'), 'Glass-Harbor-2931');
    await a.click(page.getByRole('button', { name: 'Save and sign in' }));

    a.on('find my agency');
    await page.waitForURL(/\/dashboard\/$/);
    const box = page.getByTestId('no-agencies').getByRole('search', { name: 'Search for your agency' });
    await a.fill(box.getByLabel('Search for'), 'summit');
    await a.click(box.getByRole('button', { name: 'Search' }));
    await a.click(page.getByRole('link', { name: 'Select Summit Ridge Agency' }));
    await a.click(page.getByRole('button', { name: 'Yes, this is my agency' }));
    await page.getByTestId('agency-request-sent').getByRole('heading', { name: 'Request sent' }).waitFor();

    const seconds = Number(((performance.now() - start) / 1000).toFixed(2));
    return { interactions: a.count, seconds, emailSeconds: Number(emailSeconds.toFixed(2)), byPage: a.byPage };
  } finally {
    await browser.close();
  }
}

// `npx tsx bench/time-to-register.ts http://localhost:4396 /path/to/DATA_DIR`: one run against a running portal.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://localhost:4321', dataDir = '.data'] = process.argv.slice(2);
  console.log(JSON.stringify(await timeToRegister(base, dataDir), null, 2));
}
