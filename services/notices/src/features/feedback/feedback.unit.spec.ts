import sharp from 'sharp';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { countWords, feedbackContentSchema, feedbackReplyTextSchema, FEEDBACK_WORDS_MAX, FEEDBACK_WORDS_MIN } from '@wps/contracts';
import { readUploadedImage } from './uploads.js';

/** The catalogue code a schema names for its first problem, or null when the text passes. */
const codeOf = (result: { success: boolean; error?: z.ZodError }) => (result.success ? null : (result.error!.issues[0] as { params?: { errorCode?: string } }).params?.errorCode);

describe('feedback texts', () => {
  it('counts words as runs of anything but white space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords(' uno  dos\ntres\tcuatro ¡cinco! ')).toBe(5);
    expect(countWords('depósito-retiro 500$')).toBe(2);
    // Scripts without spaces count their words, not their runs.
    expect(countWords('入金が反映されません。確認してください')).toBeGreaterThanOrEqual(FEEDBACK_WORDS_MIN);
    expect(countWords('我的存款没有到账请帮我查看一下')).toBeGreaterThanOrEqual(FEEDBACK_WORDS_MIN);
    expect(countWords('ฝากเงินแล้วยังไม่เข้าบัญชีครับ')).toBeGreaterThanOrEqual(FEEDBACK_WORDS_MIN);
    expect(countWords('入金')).toBe(1);
    expect(countWords('Deposit 入金 pending')).toBe(3);
  });

  it('keeps line breaks, drops other control characters and trims, then checks the word limits', () => {
    expect(feedbackContentSchema.parse(' uno dos\r\ntres\u0000 cuatro\u001b cinco \n')).toBe('uno dos\ntres cuatro cinco');
    const words = (count: number) => Array.from({ length: count }, () => 'palabra').join(' ');
    expect(feedbackContentSchema.safeParse(words(FEEDBACK_WORDS_MIN)).success).toBe(true);
    expect(feedbackContentSchema.safeParse(words(FEEDBACK_WORDS_MAX)).success).toBe(true);
    expect(codeOf(feedbackContentSchema.safeParse(words(FEEDBACK_WORDS_MIN - 1)))).toBe('FEEDBACK_WORDS_OUT_OF_RANGE');
    expect(codeOf(feedbackContentSchema.safeParse(words(FEEDBACK_WORDS_MAX + 1)))).toBe('FEEDBACK_WORDS_OUT_OF_RANGE');
    expect(codeOf(feedbackContentSchema.safeParse(`${words(4)} ${'x'.repeat(10_000)}`))).toBe('FEEDBACK_CONTENT_TOO_LONG');
  });

  it('refuses an empty or overlong reply', () => {
    expect(feedbackReplyTextSchema.parse('  gracias \r\n')).toBe('gracias');
    expect(codeOf(feedbackReplyTextSchema.safeParse(' \n\u0007 '))).toBe('FEEDBACK_REPLY_EMPTY');
    expect(codeOf(feedbackReplyTextSchema.safeParse('a'.repeat(1_001)))).toBe('FEEDBACK_REPLY_TOO_LONG');
    expect(feedbackReplyTextSchema.safeParse('ñ'.repeat(1_000)).success).toBe(true);
  });
});

describe('uploaded feedback images', () => {
  const png = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
  const refused = (text: string) => {
    try {
      readUploadedImage(text);
    } catch (error) {
      return error instanceof AppError ? error.code : 'other error';
    }
    return 'accepted';
  };

  it('reads bare base64 and png or jpeg data URLs whose type is what the bytes are', async () => {
    const bytes = await png();
    expect(readUploadedImage(bytes.toString('base64')).equals(bytes)).toBe(true);
    expect(readUploadedImage(`data:image/png;base64,${bytes.toString('base64')}`).equals(bytes)).toBe(true);
    expect(readUploadedImage(`DATA:IMAGE/PNG;base64,${bytes.toString('base64')}`).equals(bytes)).toBe(true);
  });

  it('refuses a data URL of another type, or declaring a type its bytes are not', async () => {
    const bytes = (await png()).toString('base64');
    expect(refused(`data:image/jpeg;base64,${bytes}`)).toBe('IMAGE_INVALID');
    expect(refused(`data:image/gif;base64,${bytes}`)).toBe('IMAGE_INVALID');
    expect(refused(`data:image/svg+xml;base64,${bytes}`)).toBe('IMAGE_INVALID');
    expect(refused(`data:;base64,${bytes}`)).toBe('IMAGE_INVALID');
    expect(refused(`data:image/png;base64,${Buffer.from('GIF89a').toString('base64')}`)).toBe('IMAGE_INVALID');
    expect(refused('data:image/png,%89PNG')).toBe('IMAGE_INVALID');
    expect(refused('not base64 at all!')).toBe('IMAGE_INVALID');
  });
});
