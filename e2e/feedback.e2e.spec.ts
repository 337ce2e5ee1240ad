import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPassword, freshUsername, hidePopupsToday } from './support';

/**
 * Feedback and complaints on the real client and the real API: the member centre's feedback panel checks images by
 * their first bytes before sending, submits, lists the submission, and shows the operator's reply and close (sent
 * through the operator API, with the suite's OPERATOR_TOKEN) as they happen, pushed to the open panel without a
 * reload, and the member's follow-up; on a desktop and on a 360 px phone.
 */

/** A 1×1 png. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A GIF's bytes under a png's name and type. */
const DISGUISED_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;

async function operator<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  expect(OPERATOR_TOKEN, 'the suite runs with the platform’s OPERATOR_TOKEN (npm run test:e2e sets it)').toBeTruthy();
  const response = await request.fetch(path, { method, headers: { Authorization: `Operator ${OPERATOR_TOKEN}`, 'X-Operator': 'Laura' }, ...(data === undefined ? {} : { data }) });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `${method} ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** A new member, registered through the API, opening the panel with its session token in the address (spec §4). */
async function openPanelAsNewMember(page: Page, request: APIRequestContext, prefix: string): Promise<void> {
  const password = freshPassword();
  const response = await request.put('/wps/member/register', { data: { username: freshUsername(prefix), password, confirmPassword: password, acceptTerms: true } });
  const body = (await response.json()) as { success: boolean; value: { token: string } };
  expect(body.success).toBe(true);
  await hidePopupsToday(page);
  await page.goto(`/member?panel=feedback&token=${encodeURIComponent(body.value.token)}`);
  await expect(page.getByTestId('feedback-panel')).toBeVisible();
  await expect(page.getByTestId('feedback-list-empty')).toBeVisible();
}

/** Marks the page, so a test can tell later that it was never loaded again. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __feedbackPage: true }));
const stillSamePage = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __feedbackPage?: boolean }).__feedbackPage)).toBe(true);

/** The panel lies within the window and nothing in it is wider than the panel. */
async function fitsWidth(page: Page): Promise<void> {
  const fit = await page.getByTestId('feedback-panel').evaluate((panel) => {
    const wider = [...panel.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > panel.getBoundingClientRect().right + 1);
    return { right: panel.getBoundingClientRect().right, innerWidth: window.innerWidth, wider: wider.map((element) => element.className || element.tagName) };
  });
  expect(fit.right).toBeLessThanOrEqual(fit.innerWidth);
  expect(fit.wider).toEqual([]);
}

const MESSAGE = 'My bank transfer of 500 pesos on Tuesday is still not in my balance, the receipt is attached.';

test.describe('feedback and complaints', () => {
  test('desktop (EN): checks, upload, submission, the operator’s reply and a follow-up', async ({ page, request }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
    await openPanelAsNewMember(page, request, 'fb');

    await test.step('the form says what is missing, and counts words against the limits as one types', async () => {
      await page.getByTestId('feedback-submit').click();
      await expect(page.getByTestId('feedback-type-error')).toHaveText('Please choose what your feedback is about');
      await expect(page.getByTestId('feedback-content-error')).toHaveText('Please enter between 5 and 500 words');
      await page.getByTestId('feedback-type').selectOption('deposit');
      await page.getByTestId('feedback-content').fill('Still not credited');
      await expect(page.getByTestId('feedback-word-count')).toHaveText('3 words · between 5 and 500');
      await expect(page.getByTestId('feedback-word-count')).toHaveClass(/feedback-count-out/);
      await page.getByTestId('feedback-content').fill(MESSAGE);
      await expect(page.getByTestId('feedback-word-count')).toHaveText('18 words · between 5 and 500');
      await expect(page.getByTestId('feedback-word-count')).not.toHaveClass(/feedback-count-out/);
    });

    await test.step('a disguised file and an oversized one are refused before anything is sent; a real png is previewed', async () => {
      await page.getByTestId('feedback-images-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: DISGUISED_GIF });
      await expect(page.getByTestId('feedback-images-error')).toHaveText('Only png or jpg images are allowed');
      const oversized = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
      await page.getByTestId('feedback-images-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: oversized });
      await expect(page.getByTestId('feedback-images-error')).toHaveText('Each image must be 5MB or smaller');
      await expect(page.getByTestId('feedback-images-preview')).toHaveCount(0);
      await page.getByTestId('feedback-images-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect(page.getByTestId('feedback-images-preview')).toHaveCount(1);
      await expect(page.getByTestId('feedback-images-error')).toHaveCount(0);
    });

    let feedbackId = '';
    await test.step('the submission is stored and listed, and opens with its text and image', async () => {
      await page.getByTestId('feedback-submit').click();
      const row = page.getByTestId('feedback-row');
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-status', 'open');
      await expect(row).toContainText('Deposit');
      await expect(row).toContainText('Awaiting reply');
      await expect(row).toContainText('0 replies · 1 image');
      await expect(page.getByTestId('feedback-content')).toHaveValue('');
      await expect(page.getByTestId('feedback-images-preview')).toHaveCount(0);
      feedbackId = (await row.getAttribute('data-id'))!;
      await row.click();
      await expect(page.getByTestId('feedback-detail-content')).toHaveText(MESSAGE);
      await expect(page.getByTestId('feedback-detail-image')).toHaveCount(1);
      await expect(page.getByTestId('feedback-detail-image').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
      await expect(page.getByTestId('feedback-no-replies')).toBeVisible();
    });

    await test.step('the operator’s reply shows up in the open submission at once, and the member follows up', async () => {
      await markPage(page);
      await operator(request, 'POST', `/operator/v1/feedback/${feedbackId}/replies`, { text: 'We found your transfer: it is credited now.' });
      // Pushed to the open panel: nothing clicked, nothing reloaded.
      const operatorMessage = page.getByTestId('feedback-message').first();
      await expect(operatorMessage).toHaveAttribute('data-from', 'operator');
      await expect(operatorMessage).toContainText('Customer service · Laura');
      await expect(operatorMessage).toContainText('We found your transfer: it is credited now.');
      await expect(page.getByTestId('feedback-detail').getByTestId('feedback-status')).toHaveAttribute('data-status', 'replied');
      await expect(page.getByTestId('feedback-no-replies')).toHaveCount(0);
      await stillSamePage(page);
      await page.getByTestId('feedback-back').click();
      const row = page.getByTestId('feedback-row');
      await expect(row).toHaveAttribute('data-status', 'replied');
      await expect(row).toContainText('1 reply · 1 image');
      await row.click();

      await page.getByTestId('feedback-follow-up').fill('Thank you, I see it now.');
      await page.getByTestId('feedback-follow-up-send').click();
      await expect(page.getByTestId('feedback-message')).toHaveCount(2);
      await expect(page.getByTestId('feedback-message').last()).toHaveAttribute('data-from', 'member');
      await expect(page.getByTestId('feedback-detail').getByTestId('feedback-status')).toHaveAttribute('data-status', 'open');
    });

    await test.step('once the operator closes it, the open submission says so at once and takes no more messages', async () => {
      await operator(request, 'POST', `/operator/v1/feedback/${feedbackId}/close`);
      await expect(page.getByTestId('feedback-closed-note')).toBeVisible();
      await expect(page.getByTestId('feedback-follow-up')).toHaveCount(0);
      await expect(page.getByTestId('feedback-detail').getByTestId('feedback-status')).toHaveAttribute('data-status', 'closed');
      await stillSamePage(page);
      await page.getByTestId('feedback-back').click();
      await expect(page.getByTestId('feedback-row')).toHaveAttribute('data-status', 'closed');
    });
  });

  test('phone (ES, 360 px): the whole panel fits, submits with an image and shows the reply', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openPanelAsNewMember(page, request, 'fp');
    await fitsWidth(page);

    await page.getByTestId('feedback-type').selectOption('suggestion');
    await page.getByTestId('feedback-content').fill('Me gustaría que hubiera más mesas de ruleta por la noche');
    await expect(page.getByTestId('feedback-word-count')).toHaveText('11 palabras · entre 5 y 500');
    await page.getByTestId('feedback-images-input').setInputFiles({ name: 'captura.txt', mimeType: 'text/plain', buffer: DISGUISED_GIF });
    await expect(page.getByTestId('feedback-images-error')).toHaveText(/png o jpg/);
    await page.getByTestId('feedback-images-input').setInputFiles({ name: 'captura.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByTestId('feedback-images-preview')).toHaveCount(1);
    await fitsWidth(page);
    await page.getByTestId('feedback-submit').click();

    const row = page.getByTestId('feedback-row');
    await expect(row).toContainText('Esperando respuesta');
    await fitsWidth(page);
    await markPage(page);
    await operator(request, 'POST', `/operator/v1/feedback/${await row.getAttribute('data-id')}/replies`, { text: '¡Gracias! Lo tendremos en cuenta.' });
    // The list shows the answer as it comes, without a reload.
    await expect(row).toHaveAttribute('data-status', 'replied');
    await expect(row).toContainText('Respondida');
    await stillSamePage(page);
    await row.click();
    await expect(page.getByTestId('feedback-message')).toContainText('¡Gracias! Lo tendremos en cuenta.');
    await expect(page.getByTestId('feedback-detail').getByTestId('feedback-status')).toHaveText('Respondida');
    await fitsWidth(page);
  });
});
