// Live chat with the Agency Care Desk (issue 18) in Chromium, two browser contexts: a care-desk staff member
// (internal@demo.test) sets themselves available in the console; an agent opens the chat from the header, a
// staff member accepts it and answers; messages cross both ways; a reload keeps the history; the unread badge;
// closing emails the transcript (read from the dev mailbox). When staff are away the button offers the web-to-case
// form (field errors, a confirmation). Spanish, axe, the keyboard, and 390 px without sideways scroll.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import chatEs from '../../src/lib/i18n/es/chat.ts';
import commonEs from '../../src/lib/i18n/es/common.ts';
import { expect, spanishOrigin, test } from './fixtures.ts';
import { mailsMentioning } from './mailbox.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${label} is ${width} px wide at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
}

/** Opens the console and sets the staff member available or away. */
async function openConsole(staff: Page, available: boolean, origin = ''): Promise<void> {
  await staff.goto(`${origin}/dashboard/care-desk`);
  const es = origin !== '';
  await expect(staff.getByRole('heading', { level: 1, name: es ? chatEs.console.title : 'Care desk console' })).toBeVisible();
  const words = es ? chatEs.console : { available: 'Available', away: 'Away', availableNow: 'You are available: agents can start chats.', awayNow: 'You are away: agents cannot start chats with you.' };
  await staff.getByRole('button', { name: available ? words.available : words.away, exact: true }).click();
  await expect(staff.getByTestId('care-desk-availability')).toHaveText(available ? words.availableNow : words.awayNow);
}

test('an agent chats with the care desk: accept, both ways, typing, reload, unread badge, close with the transcript emailed', async ({ pageAs }) => {
  const staff = await pageAs('internal');
  await openConsole(staff, true);
  await expectAccessible(staff, 'the console, available, no chats');

  const agent = await pageAs('agent');
  await agent.goto('/dashboard/');
  const button = agent.getByTestId('chat-button');
  // Enabled once the availability check (2 s after load) says someone is there.
  await expect(button).toBeEnabled();
  await button.click();
  const panel = agent.getByRole('dialog', { name: 'Chat with the Agency Care Desk' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Your question (optional)')).toBeFocused();
  const question = `Where is my work order? ${stamp}`;
  await agent.keyboard.type(question);
  await panel.getByRole('button', { name: 'Start chat' }).click();
  await expect(panel.getByTestId('chat-log')).toContainText(question);
  await expect(panel.getByText(/Waiting for a care-desk member/)).toBeVisible();
  await expect(panel.getByLabel('Message', { exact: true })).toBeFocused();
  await expectAccessible(agent, 'the chat panel, waiting');

  // The staff member sees the chat waiting, with the agent's first message, and accepts it.
  const entry = staff.getByTestId('care-desk-queue').getByRole('listitem').filter({ hasText: question });
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: /^Accept chat with / }).click();
  await expect(staff.getByTestId('care-desk-page')).toHaveText('/dashboard/');
  await expect(staff.getByTestId('care-desk-log')).toContainText(question);
  const composer = staff.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).toBeFocused();

  // The agent is told who answers; the staff member's reply arrives in the panel (Enter sends).
  await expect(panel.getByText(/from the Agency Care Desk is answering/)).toBeVisible();
  const reply = `Let me look that up ${stamp}`;
  await composer.fill(reply);
  await composer.press('Enter');
  await expect(panel.getByTestId('chat-log')).toContainText(reply);
  await expect(agent.getByTestId('chat-live')).toContainText(reply);

  // The agent types (the staff member sees it), then sends two lines (Shift+Enter is a new line, Enter sends).
  const box = panel.getByLabel('Message', { exact: true });
  await box.click();
  await agent.keyboard.type('Thanks,');
  await expect(staff.getByText(/is typing…/)).toBeVisible();
  await agent.keyboard.press('Shift+Enter');
  await agent.keyboard.type(`it is for a Civic ${stamp}`);
  await agent.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  await expect(staff.getByTestId('care-desk-log')).toContainText(`it is for a Civic ${stamp}`);
  const once = (text: string) => expect(panel.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1);
  for (const text of [question, reply, `it is for a Civic ${stamp}`]) await once(text);

  // A canned answer goes into the staff composer.
  await staff.getByRole('button', { name: 'Insert' }).click();
  await expect(composer).not.toHaveValue('');
  await composer.fill('');

  // A reload keeps the history (the panel opens again, each message once) and the stream carries on.
  await agent.reload();
  await expect(panel).toBeVisible();
  for (const text of [question, reply, `it is for a Civic ${stamp}`]) await once(text);
  const later = `Found it: it is scheduled ${stamp}`;
  await composer.fill(later);
  await composer.press('Enter');
  await expect(panel.getByTestId('chat-log')).toContainText(later);
  await once(later);

  // Hidden with Escape: focus returns to the button; a new message shows an unread badge.
  await panel.getByLabel('Message', { exact: true }).focus();
  await agent.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await composer.fill(`Anything else? ${stamp}`);
  await composer.press('Enter');
  await expect(agent.getByTestId('chat-unread')).toContainText('1');
  await agent.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(agent.getByTestId('chat-unread')).toBeHidden();

  // The agent ends the chat with the transcript emailed (checked by default).
  await panel.getByRole('button', { name: 'End chat' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Email me the transcript' })).toBeChecked();
  await expectAccessible(agent, 'the chat panel, ending');
  await panel.getByRole('group', { name: 'End this chat?' }).getByRole('button', { name: 'End chat' }).click();
  await expect(panel.getByText('This chat has ended.')).toBeVisible();
  await expect
    .poll(async () => (await mailsMentioning(`Let me look that up ${stamp}`)).filter((m) => m.content.includes('agent@demo.test')).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const [mail] = (await mailsMentioning(`Let me look that up ${stamp}`)).filter((m) => m.content.includes('agent@demo.test'));
  expect(mail!.content).toContain('Your chat with the Agency Care Desk');
  expect(mail!.content).toContain(question);
  // The console drops the closed chat.
  await expect(staff.getByTestId('care-desk-log')).toBeHidden();
});

test('the footer\'s "Chat with us" opens the same panel; the console refuses an agent', async ({ pageAs }) => {
  const staff = await pageAs('internal');
  await openConsole(staff, true);
  const agent = await pageAs('agent');
  await agent.goto('/dashboard/');
  await expect(agent.getByTestId('chat-button')).toBeEnabled();
  await agent.getByRole('link', { name: 'Chat with us' }).click();
  await expect(agent.getByRole('dialog', { name: 'Chat with the Agency Care Desk' })).toBeVisible();
  await agent.goto('/dashboard/care-desk');
  await expect(agent.getByText('Only Agency Care Desk staff can use the chat console.')).toBeVisible();
});

test('nobody available: the button offers the web-to-case form (field errors, a confirmation), with the keyboard', async ({ pageAs }) => {
  const staff = await pageAs('internal');
  await openConsole(staff, false);
  await staff.close();

  const agent = await pageAs('agent');
  await agent.goto('/dashboard/');
  const button = agent.getByTestId('chat-button');
  await expect(button).toBeEnabled();
  await expect(button).toHaveAccessibleDescription('No one is available to chat: leave us a message instead.');
  await button.focus();
  await agent.keyboard.press('Enter');
  const panel = agent.getByRole('dialog', { name: 'Chat with the Agency Care Desk' });
  await expect(panel.getByText('Chat is unavailable right now. Please try again later.')).toBeVisible();
  const form = panel.getByRole('form', { name: 'Leave us a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('The Subject field is required')).toBeVisible();
  await expect(form.getByText('The Description field is required')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /Subject/ })).toBeFocused();
  await expectAccessible(agent, 'the web-to-case form with errors');
  await agent.keyboard.type(`Course registration ${stamp}`);
  await agent.keyboard.press('Tab');
  await agent.keyboard.type('Please call me about the CE course.');
  await agent.keyboard.press('Tab');
  await agent.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-case-done')).toContainText(/received as case \d+/);
  await expect(panel.getByTestId('chat-case-done')).toBeFocused();
});

test('Spanish and 390 px: the panel, the form and the console speak Spanish and do not scroll sideways', async ({ pageAs, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  const agent = await pageAs('agent');
  await agent.setViewportSize(PHONE);
  await agent.goto(`${es}/dashboard/`);
  // The phone header folds its actions behind the menu button.
  await agent.getByRole('button', { name: commonEs.menu }).click();
  const button = agent.getByTestId('chat-button');
  await expect(button).toBeEnabled();
  await button.click();
  const panel = agent.getByRole('dialog', { name: chatEs.panelTitle });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(commonEs.chatUnavailable)).toBeVisible();
  await expect(panel.getByRole('form', { name: chatEs.case.title })).toBeVisible();
  await expectNoSidewaysScroll(agent, 'the chat panel');
  await expectAccessible(agent, 'the chat panel in Spanish');

  const staff = await pageAs('internal');
  await staff.setViewportSize(PHONE);
  await openConsole(staff, true, es);
  await expectNoSidewaysScroll(staff, 'the console');
  await expectAccessible(staff, 'the console in Spanish');

  await agent.reload();
  await agent.getByRole('button', { name: commonEs.menu }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: chatEs.start })).toBeVisible();
  await panel.getByRole('button', { name: chatEs.start }).click();
  await expect(panel.getByText(/Esperando a que un miembro/)).toBeVisible();
  await expectNoSidewaysScroll(agent, 'the chat panel, waiting');
  const entry = staff.getByTestId('care-desk-queue').getByRole('listitem').first();
  await expect(entry).toBeVisible();
  await staff.getByTestId('care-desk-queue').getByRole('button', { name: /^Aceptar el chat con / }).last().click();
  await expect(staff.getByRole('tab')).not.toHaveCount(0);
  await expectNoSidewaysScroll(staff, 'the console with a chat');
  await expectAccessible(staff, 'the console with a chat, in Spanish');
  // Close it from the console, without the transcript.
  await staff.getByRole('checkbox', { name: chatEs.console.transcript }).uncheck();
  await staff.getByRole('button', { name: chatEs.console.closeChat }).click();
  await expect(panel.getByText(chatEs.closed)).toBeVisible();
});
