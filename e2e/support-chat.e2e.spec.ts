import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * The in-house support chat on the real client and the real API: a member opens it from the site's LIVECHAT entry
 * (the customer-service window), writes, and the operator's answer arrives live; the support desk page answers a
 * member and closes the conversation. `npm run test:e2e` gives the suite the operator token.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const PHONE = { width: 390, height: 844 };

interface Conversation {
  id: string;
  account: string;
  awaitingReply: boolean;
}

async function operator<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/operator/v1/chat${path}`, {
    method,
    headers: { authorization: `Operator ${OPERATOR_TOKEN}`, 'x-operator': 'Lucía' },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `${method} ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** The member's open conversation, as the operators' queue lists it. */
async function conversationOf(request: APIRequestContext, account: string): Promise<Conversation> {
  let found: Conversation | undefined;
  await expect(async () => {
    const queue = await operator<{ list: Conversation[] }>(request, 'GET', '/conversations?status=open&pageSize=100');
    found = queue.list.find((conversation) => conversation.account === account.toLowerCase() || conversation.account === account);
    expect(found).toBeDefined();
  }).toPass();
  return found!;
}

/** The brand's announcement popups were closed in this session: they stay out of the way of the chat's steps. */
async function popupsClosed(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    window.sessionStorage.setItem('USER_POPUP', '1');
  });
}

/** Registers a member in Spanish (the default language) and opens the chat from the site's LIVECHAT entry. */
async function openChatFromSite(page: Page, username: string): Promise<Page> {
  await popupsClosed(page.context());
  await registerInClient(page, username);
  const [chat] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('footer-contact-LIVECHAT').click()]);
  await expect(chat).toHaveURL(/\/support-chat$/);
  await expect(chat.getByTestId('chat-thread')).toBeVisible();
  return chat;
}

async function send(chat: Page, text: string): Promise<void> {
  await chat.getByTestId('chat-composer-text').fill(text);
  await chat.getByTestId('chat-composer-send').click();
}

test.describe('support chat', () => {
  test.skip(!OPERATOR_TOKEN, 'needs the operator token (npm run test:e2e sets it)');

  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', { width: 1366, height: 860 }],
  ] as const) {
    test(`on a ${device}, a member writes from the LIVECHAT entry and the operator's answer arrives live`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const username = freshUsername(device === 'phone' ? 'cp' : 'cd');
      const chat = await openChatFromSite(page, username);
      await expect(chat.getByText('¡Hola! ¿En qué podemos ayudarte?')).toBeVisible();

      await send(chat, '  Hola, <b>no</b> me llegó el depósito  ');
      const mine = chat.getByTestId('chat-message').filter({ hasText: 'me llegó el depósito' });
      await expect(mine).toHaveAttribute('data-state', 'sent');
      await expect(mine).toHaveAttribute('data-from', 'member');
      // Plain text: what looks like markup is shown as typed, never rendered.
      await expect(mine.locator('.chat-bubble')).toHaveText('Hola, <b>no</b> me llegó el depósito');
      await expect(mine.locator('b')).toHaveCount(0);
      // No operator is connected: the member is told an agent will answer soon, once.
      await expect(chat.getByTestId('chat-system').filter({ hasText: 'un agente te responderá pronto' })).toHaveCount(1);
      await send(chat, '¿Hay alguien?');
      await expect(chat.getByTestId('chat-message').filter({ hasText: '¿Hay alguien?' })).toHaveAttribute('data-state', 'sent');
      await expect(chat.getByTestId('chat-system')).toHaveCount(1);

      const conversation = await conversationOf(request, username);
      expect(conversation.awaitingReply).toBe(true);
      await operator(request, 'POST', `/conversations/${conversation.id}/messages`, { text: 'Hola, soy Lucía. Lo reviso ahora mismo.' });
      const answer = chat.getByTestId('chat-message').filter({ hasText: 'Lo reviso ahora mismo.' });
      await expect(answer).toBeVisible();
      await expect(answer).toHaveAttribute('data-from', 'operator');
      await expect(answer).toContainText('Lucía');
      // The member has the chat in view: the answer and the away line are marked read.
      await expect(async () => {
        const thread = await operator<{ conversation: { memberUnread: number } }>(request, 'GET', `/conversations/${conversation.id}`);
        expect(thread.conversation.memberUnread).toBe(0);
      }).toPass();

      // The history is kept: the chat page opened again in the site's own tab shows the conversation, within its width.
      await page.goto('/support-chat');
      await expect(page.getByTestId('chat-message').filter({ hasText: 'Lo reviso ahora mismo.' })).toBeVisible();
      await expect(page.getByTestId('chat-message').filter({ hasText: 'me llegó el depósito' })).toBeVisible();
      const sendBox = await page.getByTestId('chat-composer-send').boundingBox();
      expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }

  test('a message that could not be sent is shown as not sent and goes on a retry, stored once', async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const username = freshUsername('cr');
    const chat = await openChatFromSite(page, username);
    await chat.route('**/wps/livechat/messages', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    await send(chat, 'Mensaje sin red');
    const item = chat.getByTestId('chat-message').filter({ hasText: 'Mensaje sin red' });
    await expect(item).toHaveAttribute('data-state', 'failed');
    await chat.unroute('**/wps/livechat/messages');
    await item.getByTestId('chat-retry').click();
    await expect(item).toHaveAttribute('data-state', 'sent');
    const conversation = await conversationOf(request, username);
    const thread = await operator<{ list: Array<{ from: string; text: string }> }>(request, 'GET', `/conversations/${conversation.id}`);
    expect(thread.list.filter((message) => message.text === 'Mensaje sin red')).toHaveLength(1);
    await context.close();
  });

  test('a guest is asked to sign in', async ({ page }) => {
    await page.goto('/support-chat');
    await expect(page.getByTestId('chat-guest')).toContainText('Inicia sesión para chatear con nosotros');
    await page.getByTestId('chat-sign-in').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    test(`the support desk on a ${device} answers a member live and closes the conversation`, async ({ browser }) => {
      const memberContext = await browser.newContext({ viewport: PHONE });
      const page = await memberContext.newPage();
      const username = freshUsername(device === 'phone' ? 'sp' : 'sd');
      const chat = await openChatFromSite(page, username);

      const deskContext = await browser.newContext({ viewport });
      const desk = await deskContext.newPage();
      await desk.goto('/support-desk');
      await desk.getByTestId('desk-token').fill('not-the-token');
      await desk.getByTestId('desk-enter').click();
      await expect(desk.getByTestId('form-error')).toContainText('token');
      await desk.getByTestId('desk-token').fill(OPERATOR_TOKEN!);
      await desk.getByTestId('desk-name').fill('Carlos');
      await desk.getByTestId('desk-enter').click();
      await expect(desk.getByTestId('desk-status')).toHaveText('Conectado');

      // The member writes while the desk is open: the conversation comes into the queue live, waiting, unread.
      await send(chat, 'Quiero cambiar mi número de teléfono');
      const item = desk.getByTestId(`desk-item-${username.toLowerCase()}`);
      await expect(item).toContainText('Quiero cambiar mi número de teléfono');
      await expect(item).toContainText('En espera');
      await expect(item).toContainText('1 nuevo');
      // An operator was connected: no away line for the member.
      await expect(chat.getByTestId('chat-system')).toHaveCount(0);

      await item.click();
      const conversation = desk.getByTestId('desk-conversation');
      await expect(conversation.getByTestId('chat-message').filter({ hasText: 'Quiero cambiar mi número' })).toBeVisible();
      await expect(item.locator('.desk-unread')).toHaveCount(0);

      await desk.getByTestId('desk-composer-text').fill('Claro, ¿cuál es el número nuevo?');
      await desk.getByTestId('desk-composer-send').click();
      await expect(conversation.getByTestId('chat-message').filter({ hasText: '¿cuál es el número nuevo?' })).toHaveAttribute('data-state', 'sent');
      const answer = chat.getByTestId('chat-message').filter({ hasText: '¿cuál es el número nuevo?' });
      await expect(answer).toContainText('Carlos');

      // The member's next message arrives live in the open conversation.
      await send(chat, 'El 55 1234 5678');
      await expect(conversation.getByTestId('chat-message').filter({ hasText: 'El 55 1234 5678' })).toBeVisible();

      await desk.getByTestId('desk-close').click();
      await expect(conversation.getByTestId('chat-system').filter({ hasText: 'Cerrada por Carlos' })).toBeVisible();
      await expect(desk.getByTestId('desk-composer')).toHaveCount(0);
      await expect(chat.getByTestId('chat-system').filter({ hasText: 'Esta conversación se cerró' })).toBeVisible();

      await memberContext.close();
      await deskContext.close();
    });
  }
});
