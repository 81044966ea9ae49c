// The live chat's gaps (issue 18) in Chromium, several browser contexts at once: a transfer between two staff
// members (internal@demo.test, Jordan, and ce@demo.test, Casey, of the care-desk group); one staff member with two
// agents' chats at once (the unread highlight on the tab not in view, the page title and the header's 'Care desk'
// link counting what waits); a dropped connection (no loss, no duplicates, in order); availability kept live on the
// agent's button without a reload; a real sign-out making the staff member unavailable; the chat's analytics events
// sent with consent and not without.
import type { Page, Request } from '@playwright/test';
import { CloseChat, GetChatAvailability, GetMyChat, SetCareDeskAvailability } from '../../src/lib/api/chat.ts';
import { callPath } from '../../src/lib/api/contract.ts';
import en from '../../src/lib/i18n/en/pages.ts';
import { expect, openUserMenu, test, waitForDashboard, type PortalFixtures, type Role } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const PANEL = 'Chat with the Agency Care Desk';
/** What the agent's button says about itself when nobody is available (its accessible description). */
const NOBODY = 'No one is available to chat: leave us a message instead.';
/** The design's promise (decision 037; AVAILABILITY_POLL_MS in chat-store.ts): without an open chat the button's availability is polled every 10 s. */
const AVAILABILITY_POLL_MS = 10_000;

type ApiAs = PortalFixtures['apiAs'];

/** Sets a staff member away through the service (setup and cleanup). */
async function setAway(apiAs: ApiAs, role: Role): Promise<void> {
  const r = await apiAs(role, callPath(SetCareDeskAvailability), { available: false });
  expect(r.status).toBe(200);
}

/** Ends the agent's open chat, if any, without a transcript (cleanup: one open chat per agent). */
async function endOpenChat(apiAs: ApiAs, role: Role): Promise<void> {
  const mine = await apiAs<{ id: number } | null>(role, callPath(GetMyChat), {}, 'GET');
  if (mine.body?.result) await apiAs(role, callPath(CloseChat), { chatId: mine.body.result.id, emailTranscript: false });
}

/** Opens the console and sets the staff member available or away. */
async function openConsole(staff: Page, available: boolean): Promise<void> {
  await staff.goto('/dashboard/care-desk');
  await expect(staff.getByRole('heading', { level: 1, name: 'Care desk console' })).toBeVisible();
  await staff.getByRole('button', { name: available ? 'Available' : 'Away', exact: true }).click();
  await expect(staff.getByTestId('care-desk-availability')).toHaveText(
    available ? 'You are available: agents can start chats.' : 'You are away: agents cannot start chats with you.',
  );
}

/** The agent opens the panel from the header and starts a chat with a first message; answers the panel. */
async function startChat(agent: Page, question: string) {
  await agent.goto('/dashboard/');
  const button = agent.getByTestId('chat-button');
  await expect(button).toBeEnabled();
  await expect(button).toHaveAccessibleDescription('');
  await button.click();
  const panel = agent.getByRole('dialog', { name: PANEL });
  await panel.getByLabel('Your question (optional)').fill(question);
  await panel.getByRole('button', { name: 'Start chat' }).click();
  await expect(panel.getByText(/Waiting for a care-desk member/)).toBeVisible();
  return panel;
}

/** Accepts the waiting chat whose first message is `question`. */
async function accept(staff: Page, question: string): Promise<void> {
  const entry = staff.getByTestId('care-desk-queue').getByRole('listitem').filter({ hasText: question });
  await entry.getByRole('button', { name: /^Accept chat with / }).click();
  await expect(entry).toBeHidden();
}

/** Sends a message from the console's composer of the chat in view. */
async function staffSays(staff: Page, text: string): Promise<void> {
  const composer = staff.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(staff.getByTestId('care-desk-log')).toContainText(text);
}

/**
 * Runs in the agent's page before its scripts: each chat stream's fetch gets an abort controller of the test's, so
 * `__cutChatStreams()` fails the open streams mid-body as a dropped connection does (the page's own code is as built).
 */
function cuttableChatStreams(): void {
  const w = window as unknown as { __cutChatStreams(): void };
  const open: AbortController[] = [];
  const fetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/CareDesk/ChatEvents')) return fetch(input, init);
    const ctl = new AbortController();
    init?.signal?.addEventListener('abort', () => ctl.abort(init.signal?.reason));
    open.push(ctl);
    return fetch(input, { ...init, signal: ctl.signal });
  };
  w.__cutChatStreams = () => {
    for (const ctl of open.splice(0)) ctl.abort(new TypeError('network connection lost'));
  };
}

/** The texts of the messages shown in a log, in order. */
const texts = (log: ReturnType<Page['getByTestId']>) => log.getByTestId('chat-message').locator('.chat-msg__text').allTextContents();

test.describe('the care desk console', () => {
  test.beforeEach(async ({ apiAs }) => {
    // Nobody else answers: each test says who is available.
    await setAway(apiAs, 'ce');
    await setAway(apiAs, 'internal');
    for (const role of ['agent', 'multi'] as const) await endOpenChat(apiAs, role);
  });
  test.afterEach(async ({ apiAs }) => {
    for (const role of ['agent', 'multi'] as const) await endOpenChat(apiAs, role);
    await setAway(apiAs, 'ce');
    await setAway(apiAs, 'internal');
  });

  test('transfer: Jordan accepts, passes the chat to Casey, who answers; the agent sees the system line and the new name', async ({ pageAs }) => {
    const jordan = await pageAs('internal');
    await openConsole(jordan, true);
    const casey = await pageAs('ce');
    await openConsole(casey, true);

    const agent = await pageAs('agent');
    const question = `Who handles glass claims? ${stamp}`;
    const panel = await startChat(agent, question);
    await accept(jordan, question);
    await expect(panel.getByText('Jordan from the Agency Care Desk is answering.')).toBeVisible();

    // The transfer list names the other available staff member, not the reader.
    const to = jordan.getByLabel('Transfer to');
    await expect(to.getByRole('option', { name: 'Casey Nguyen' })).toBeAttached();
    await expect(to.getByRole('option', { name: /Jordan/ })).toHaveCount(0);
    await to.selectOption({ label: 'Casey Nguyen' });
    await jordan.getByRole('button', { name: 'Transfer', exact: true }).click();
    // The chat leaves Jordan's console…
    await expect(jordan.getByTestId('care-desk-log')).toBeHidden();
    await expect(jordan.getByText('You have no open chats. Accept one from the waiting chats.')).toBeVisible();

    // …and shows in Casey's, live (no reload), with the conversation so far and the agent's context.
    const caseyLog = casey.getByTestId('care-desk-log');
    await expect(caseyLog).toContainText(question);
    await expect(caseyLog).toContainText('Jordan passed the chat to Casey.');
    await expect(casey.getByTestId('care-desk-agent')).toHaveText(/Alex/);
    const answer = `Casey here, I can help ${stamp}`;
    await staffSays(casey, answer);

    // The agent sees the system line, the new name and Casey's answer; each once.
    const log = panel.getByTestId('chat-log');
    await expect(log).toContainText('Jordan passed the chat to Casey.');
    await expect(panel.getByText('Casey from the Agency Care Desk is answering.')).toBeVisible();
    await expect(log).toContainText(answer);
    const shown = await texts(log);
    expect(shown.filter((t) => t === answer)).toHaveLength(1);
    expect(shown.indexOf('Jordan passed the chat to Casey.')).toBeLessThan(shown.indexOf(answer));

    // The agent's reply reaches Casey, not Jordan.
    const reply = `Thanks Casey ${stamp}`;
    await panel.getByLabel('Message', { exact: true }).fill(reply);
    await panel.getByLabel('Message', { exact: true }).press('Enter');
    await expect(caseyLog).toContainText(reply);
    await expect(jordan.getByText(reply)).toHaveCount(0);
  });

  test('several chats at once: the tab not in view is highlighted with its unread count; the title and the header link count what waits', async ({ pageAs }) => {
    const staff = await pageAs('internal');
    await openConsole(staff, true);
    const baseTitle = await staff.title();
    expect(baseTitle).not.toMatch(/^\(\d+\)/);

    const alex = await pageAs('agent');
    const jamie = await pageAs('multi');
    const q1 = `Alex asks about a renewal ${stamp}`;
    const q2 = `Jamie asks about a windshield ${stamp}`;
    const alexPanel = await startChat(alex, q1);
    const jamiePanel = await startChat(jamie, q2);

    // The sound-free alert: two waiting chats in the console's title and queue heading.
    await expect(staff.getByTestId('care-desk-queue').getByRole('listitem')).toHaveCount(2);
    await expect(staff).toHaveTitle(`(2) ${baseTitle}`);
    await expect(staff.getByRole('heading', { name: /Waiting chats/ })).toContainText('2');
    // Another staff member, elsewhere in the portal, sees the header's 'Care desk' link with the count.
    const casey = await pageAs('ce');
    await casey.goto('/dashboard/');
    await waitForDashboard(casey);
    await expect(casey.getByTestId('care-desk-link')).toHaveText(/Care desk\s*2 waiting/);

    await accept(staff, q1);
    await accept(staff, q2);
    await expect(staff).toHaveTitle(baseTitle);
    const tabs = staff.getByRole('tablist', { name: 'Open chats' });
    const alexTab = tabs.getByRole('tab', { name: /Alex/ });
    const jamieTab = tabs.getByRole('tab', { name: /Jamie/ });
    // The chat accepted last is in view.
    await expect(jamieTab).toHaveAttribute('aria-selected', 'true');
    await expect(staff.getByTestId('care-desk-log')).toContainText(q2);
    await expect(staff.getByTestId('care-desk-log')).not.toContainText(q1);
    await staffSays(staff, `Hello Jamie ${stamp}`);
    await expect(jamiePanel.getByTestId('chat-log')).toContainText(`Hello Jamie ${stamp}`);
    await expect(alexPanel.getByTestId('chat-log')).not.toContainText(`Hello Jamie ${stamp}`);

    // Alex writes while Jamie's chat is in view: Alex's tab lights up with 1 unread, the title counts it.
    const box = alexPanel.getByLabel('Message', { exact: true });
    await box.fill(`Are you there? ${stamp}`);
    await box.press('Enter');
    await expect(alexTab.getByTestId('care-desk-unread')).toHaveText(/^1/);
    await expect(alexTab).toHaveClass(/care-desk__tab--alert/);
    await expect(alexTab).toHaveAccessibleName(/1 unread message/);
    await expect(staff).toHaveTitle(`(1) ${baseTitle}`);
    await box.fill(`Hello? ${stamp}`);
    await box.press('Enter');
    await expect(alexTab.getByTestId('care-desk-unread')).toHaveText(/^2/);
    await expect(staff).toHaveTitle(`(2) ${baseTitle}`);
    await expect(jamieTab.getByTestId('care-desk-unread')).toHaveCount(0);

    // Reading it (arrow keys between the tabs) clears the highlight and the title.
    await jamieTab.focus();
    await staff.keyboard.press('ArrowLeft');
    await expect(alexTab).toBeFocused();
    await expect(alexTab).toHaveAttribute('aria-selected', 'true');
    await expect(alexTab.getByTestId('care-desk-unread')).toHaveCount(0);
    await expect(alexTab).not.toHaveClass(/care-desk__tab--alert/);
    await expect(staff).toHaveTitle(baseTitle);
    await expect(staff.getByTestId('care-desk-log')).toContainText(`Hello? ${stamp}`);
    // Read stays read after a reload (the server's count).
    await staff.reload();
    await expect(tabs.getByRole('tab')).toHaveCount(2);
    await expect(staff.getByTestId('care-desk-unread')).toHaveCount(0);
    await expect(staff).toHaveTitle(baseTitle);
  });

  test('a dropped connection: the staff member\'s messages sent meanwhile arrive after the reconnect, each once, in order', async ({ pageAs }) => {
    const staff = await pageAs('internal');
    await openConsole(staff, true);
    const agent = await pageAs('agent');
    await agent.addInitScript(cuttableChatStreams);
    const question = `Is my claim approved? ${stamp}`;
    const panel = await startChat(agent, question);
    await accept(staff, question);
    await staffSays(staff, `Checking now ${stamp}`);
    const log = panel.getByTestId('chat-log');
    await expect(log).toContainText(`Checking now ${stamp}`);

    // The agent's network goes away: Chromium's offline mode refuses new requests but leaves an open response
    // running, so the open stream is cut as a dropped connection cuts it (its fetch fails mid-body).
    await agent.context().setOffline(true);
    await agent.evaluate(() => (window as unknown as { __cutChatStreams(): void }).__cutChatStreams());
    await expect(panel.getByText('Connection lost: reconnecting…')).toBeVisible();
    const meanwhile = [1, 2, 3].map((n) => `Update ${n} while you were away ${stamp}`);
    for (const text of meanwhile) await staffSays(staff, text);
    // A message the agent sends while offline is kept as not sent, with Send again.
    const box = panel.getByLabel('Message', { exact: true });
    const mine = `Sent while offline ${stamp}`;
    await box.fill(mine);
    await box.press('Enter');
    await expect(panel.getByTestId('chat-pending').filter({ hasText: mine })).toContainText('Not sent');
    for (const text of meanwhile) await expect(log).not.toContainText(text);

    // Back online: the stream resumes after the last id seen; each message once, in the order sent.
    await agent.context().setOffline(false);
    for (const text of meanwhile) await expect(log).toContainText(text);
    await expect(panel.getByText('Connection lost: reconnecting…')).toBeHidden();
    await panel.getByTestId('chat-pending').filter({ hasText: mine }).getByRole('button', { name: 'Send again' }).click();
    await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
    await expect(staff.getByTestId('care-desk-log')).toContainText(mine);
    const shown = (await texts(log)).filter((t) => t.endsWith(stamp));
    expect(shown).toEqual([question, `Checking now ${stamp}`, ...meanwhile, mine]);
    // And the stream is live again.
    await staffSays(staff, `Back in sync ${stamp}`);
    await expect(log).toContainText(`Back in sync ${stamp}`);
    expect((await texts(log)).filter((t) => t === `Back in sync ${stamp}`)).toHaveLength(1);
  });
});

test.describe('availability', () => {
  test.beforeEach(async ({ apiAs }) => {
    await setAway(apiAs, 'ce');
    await setAway(apiAs, 'internal');
    await endOpenChat(apiAs, 'agent');
  });
  test.afterEach(async ({ apiAs }) => {
    await endOpenChat(apiAs, 'agent');
    await setAway(apiAs, 'ce');
    await setAway(apiAs, 'internal');
  });

  test('kept live: the agent\'s button turns to the web-to-case offer when the only staff member goes away, and back, without a reload', async ({ pageAs }) => {
    test.setTimeout(3 * AVAILABILITY_POLL_MS + 30_000);
    const staff = await pageAs('internal');
    await openConsole(staff, true);
    const agent = await pageAs('agent');
    await agent.goto('/dashboard/');
    const button = agent.getByTestId('chat-button');
    await expect(button).toBeEnabled();
    await expect(button).toHaveAccessibleDescription('');
    let loads = 0;
    agent.on('load', () => loads++);

    await staff.getByRole('button', { name: 'Away', exact: true }).click();
    await expect(button).toHaveAccessibleDescription(NOBODY, { timeout: AVAILABILITY_POLL_MS + 5_000 });
    await staff.getByRole('button', { name: 'Available', exact: true }).click();
    await expect(button).toHaveAccessibleDescription('', { timeout: AVAILABILITY_POLL_MS + 5_000 });
    expect(loads, 'the agent page was not reloaded').toBe(0);
    // And the button offers the chat again.
    await button.click();
    await expect(agent.getByRole('dialog', { name: PANEL }).getByRole('button', { name: 'Start chat' })).toBeVisible();
  });

  test('signing out makes a staff member unavailable at once (not after the 60 s presence window)', async ({ pageAs, apiAs }) => {
    const staff = await pageAs('internal');
    await openConsole(staff, true);
    const available = async () => (await apiAs<{ available: boolean }>('agent', callPath(GetChatAvailability), {}, 'GET')).body?.result?.available;
    expect(await available()).toBe(true);
    const menu = await openUserMenu(staff);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(staff).toHaveURL(/\/dashboard\/login/);
    // The server's answer is cached for 1 s; the presence window would keep them for 60 s.
    await expect.poll(available, { timeout: 5_000 }).toBe(false);
  });
});

test.describe('analytics events', () => {
  test.use({ signedInAs: 'agent' });
  test.beforeEach(async ({ apiAs }) => {
    await setAway(apiAs, 'ce');
    await endOpenChat(apiAs, 'agent');
  });
  test.afterEach(async ({ apiAs }) => {
    await endOpenChat(apiAs, 'agent');
    await setAway(apiAs, 'internal');
  });

  /** The chat's LogPageView event calls the page sends, with the server's answers. */
  function chatEvents(page: Page): { request: Request; status: Promise<number | undefined> }[] {
    const sent: { request: Request; status: Promise<number | undefined> }[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('Analytics/LogPageView')) return;
      const body = r.postDataJSON() as { Category?: string } | null;
      if (body?.Category === 'Chat') sent.push({ request: r, status: r.response().then((res) => res?.status()) });
    });
    return sent;
  }

  /** Clicks the button, starts a chat with a first message, sends one more and ends it. */
  async function chatOnce(page: Page, label: string): Promise<void> {
    const panel = await startChat(page, `Analytics ${label} ${stamp}`);
    const box = panel.getByLabel('Message', { exact: true });
    await box.fill(`One more ${label} ${stamp}`);
    await box.press('Enter');
    await expect(panel.getByTestId('chat-log')).toContainText(`One more ${label} ${stamp}`);
    await panel.getByRole('button', { name: 'End chat' }).click();
    await panel.getByRole('group', { name: 'End this chat?' }).getByRole('button', { name: 'End chat' }).click();
    await expect(panel.getByText('This chat has ended.')).toBeVisible();
  }

  test('with consent the button click, chat started, message sent and chat closed events reach the server', async ({ page, apiAs }) => {
    const r = await apiAs('internal', callPath(SetCareDeskAvailability), { available: true });
    expect(r.status).toBe(200);
    await page.goto('/dashboard/');
    await waitForDashboard(page);
    await expect(page.locator('html[data-consent-ready]')).toBeAttached();
    await page.getByRole('link', { name: en.footer.cookiePreferences }).click();
    await page.getByRole('dialog').getByRole('radio', { name: new RegExp(en.consent.allow) }).check();
    await page.getByRole('dialog').getByRole('button', { name: en.consent.save }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const sent = chatEvents(page);
    await chatOnce(page, 'allowed');
    const expected = [
      { Action: 'Chat button clicked', Label: 'available' },
      { Action: 'Chat started', Label: '/dashboard/' },
      { Action: 'Message sent' },
      { Action: 'Message sent' },
      { Action: 'Chat closed', Label: 'transcript' },
    ];
    // Sent within two seconds of each event (batched), or when the page is left.
    await expect.poll(() => sent.length).toBe(expected.length);
    const bodies = sent.map((s) => s.request.postDataJSON() as Record<string, unknown>);
    const actions = bodies.map((b) => ({ Action: b.Action, ...(b.Label !== undefined ? { Label: b.Label } : {}) }));
    expect([...actions].sort((a, b) => String(a.Action).localeCompare(String(b.Action)))).toEqual(
      [...expected].sort((a, b) => a.Action.localeCompare(b.Action)),
    );
    for (const b of bodies) expect(b).toMatchObject({ Event: 'Event', Category: 'Chat', WebPage: '/dashboard/', UserName: 'agent@demo.test' });
    // The server took each one (it stores the row: tests/unit/api-routes.test.ts).
    expect(await Promise.all(sent.map((s) => s.status))).toEqual(expected.map(() => 200));
  });

  test('with consent refused, the same chat sends no analytics request', async ({ page, apiAs }) => {
    const r = await apiAs('internal', callPath(SetCareDeskAvailability), { available: true });
    expect(r.status).toBe(200);
    const analytics: string[] = [];
    page.on('request', (req) => {
      if (/\/(Analytics\/LogPageView|setup\/SetupAnalytics|experiments\/run)/.test(req.url())) analytics.push(req.url());
    });
    await page.goto('/dashboard/');
    await waitForDashboard(page);
    await expect(page.locator('html[data-consent-ready]')).toBeAttached();
    await page.getByRole('link', { name: en.footer.cookiePreferences }).click();
    await page.getByRole('dialog').getByRole('radio', { name: new RegExp(en.consent.deny) }).check();
    await page.getByRole('dialog').getByRole('button', { name: en.consent.save }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await chatOnce(page, 'refused');
    // Leaving the page is when queued events would be sent at the latest (pagehide): nothing goes.
    await page.goto('/dashboard/help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(analytics).toEqual([]);
  });
});
