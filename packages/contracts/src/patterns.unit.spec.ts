import { describe, expect, it } from 'vitest';
import { ERRORS, renderMessage } from './errors.js';
import { acceptedPattern, commaListPattern, fitsRule, lengthRange, matchesPattern, PATTERN_IDS, patternErrorCode, patternMessage, type PatternId } from './patterns.js';

/** For every pattern: values it must accept and values it must refuse. */
const CASES: Record<PatternId, { accepts: string[]; refuses: string[] }> = {
  ANY: { accepts: ['anything at all', '¿qué?', '12 ab !'], refuses: [] },
  LETTER_FIRST_ALNUM: { accepts: ['lucia', 'Lucia2024', 'a1'], refuses: ['1lucia', 'lucia_x', 'lu cia', 'lúcia'] },
  CHINESE_DIGITS: { accepts: ['张三', '李四123', '2024'], refuses: ['zhang', '张 三', '张三!'] },
  EMAIL: { accepts: ['lucia@example.com', 'a.b+c@mail.example.mx'], refuses: ['lucia', 'lucia@', '@example.com', 'lucia@example', 'lu cia@example.com'] },
  ALNUM: { accepts: ['abc123', 'ABC', '123'], refuses: ['abc 123', 'abc-123', 'ñandu'] },
  LETTERS_AND_DIGITS: { accepts: ['abc123', '1a'], refuses: ['abcdef', '123456', 'abc 123'] },
  DIGITS: { accepts: ['0123456789'], refuses: ['12a', '12 3', '-12'] },
  ALNUM_WITH_UPPER: { accepts: ['Abc123', 'ABC'], refuses: ['abc123', 'Abc 123', 'Abc-123'] },
  ENGLISH_LETTERS_SPACES: { accepts: ['John Smith', 'abc'], refuses: ['José', 'John2', 'John-Smith'] },
  NO_SPACES: { accepts: ['line_id.01', '@user'], refuses: ['has space', 'tab\there'] },
  CHINESE_PUNCTUATION: { accepts: ['你好，世界。', '张三·李四'], refuses: ['hello', '你好1'] },
  DATE_YMD: { accepts: ['2000-02-29', '1990-12-31'], refuses: ['1990-13-01', '2001-02-29', '31-12-1990', '1990/12/31'] },
  DATE_MDY: { accepts: ['12-31-1990', '02-29-2000'], refuses: ['13-01-1990', '02-29-2001', '1990-12-31'] },
  LETTERS_SPACES: { accepts: ['José Núñez', 'Zoë'], refuses: ['José2', 'José-Núñez'] },
  ALPHANUMERIC: { accepts: ['José2', 'abc', '123'], refuses: ['José 2', 'abc!'] },
  KOREAN: { accepts: ['김민수', '한국어'], refuses: ['Kim', '김 민수', '김1'] },
  THAI: { accepts: ['สวัสดี'], refuses: ['sawasdee', 'สวัสดี ครับ'] },
  THAI_ENGLISH_SPACES: { accepts: ['สวัสดี Somchai', 'Somchai'], refuses: ['Somchai1', 'สวัสดี!'] },
  UPPER_SPACES: { accepts: ['JOHN SMITH'], refuses: ['John Smith', 'JOHN1'] },
  LETTERS_DIGITS_SYMBOLS: { accepts: ['Abc123!@#', 'x-y_z'], refuses: ['abc 123', 'añb'] },
  STRONG: { accepts: ['Abcdef1!', 'Zz9#zzzz'], refuses: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abc def1!'] },
  FULL_NAME: { accepts: ['Lucía Pérez', 'Ana María López', "Sean O'Neil"], refuses: ['Lucía', 'Lucía  Pérez', ' Lucía Pérez', 'Lucía Pérez2'] },
  FULLWIDTH_JAPANESE: { accepts: ['やまだ', 'ヤマダタロウ', '山田太郎'], refuses: ['yamada', 'ﾔﾏﾀﾞ', '山田 太郎'] },
  UPPER_ONLY: { accepts: ['ABC'], refuses: ['ABC DEF', 'Abc', 'ABC1'] },
  PRINTABLE: { accepts: ['Blue canoe, 7 rivers & a kite!', 'contraseña 🙂', 'パスワード'], refuses: ['tab\there', 'nul\u0000', 'line\nbreak'] },
  PHONE: { accepts: ['5512345678'], refuses: ['55-1234-5678', '+525512345678', '55 12345678'] },
};

describe('the pattern catalogue of spec section 5', () => {
  it('covers every pattern with cases', () => {
    expect(Object.keys(CASES).sort()).toEqual([...PATTERN_IDS].sort());
  });

  describe.each(PATTERN_IDS)('%s', (id) => {
    it.each(CASES[id].accepts)('accepts %j', (value) => {
      expect(matchesPattern(id, value)).toBe(true);
    });
    if (CASES[id].refuses.length) {
      it.each(CASES[id].refuses)('refuses %j', (value) => {
        expect(matchesPattern(id, value)).toBe(false);
      });
    }
    it('has an error code whose message carries the length range in both languages', () => {
      const code = patternErrorCode(id);
      expect(ERRORS[code].status).toBe(400);
      for (const language of ['EN', 'ES'] as const) {
        const message = renderMessage(code, language, { range: lengthRange(4, 16) });
        expect(message).not.toContain('{');
        expect(message).toBe(patternMessage(id, language, 4, 16));
        if (ERRORS[code].message[language].includes('{range}')) expect(message).toContain('4-16');
      }
    });
  });

  it('substitutes min and max, or one number when they are equal', () => {
    expect(patternMessage('ALNUM', 'EN', 6, 20)).toBe('Please enter 6-20 letters or digits');
    expect(patternMessage('DIGITS', 'EN', 6, 6)).toBe('Please enter 6 digits');
    expect(patternMessage('PHONE', 'EN', 10, 10)).toBe('Phone numbers must have 10 digits');
    expect(patternMessage('PHONE', 'ES', 8, 11)).toBe('El número de teléfono debe tener 8-11 dígitos');
  });

  it('checks length by characters, inside the bounds only', () => {
    const rule = { patternId: 'LETTERS_SPACES' as const, minLength: 2, maxLength: 4 };
    expect(fitsRule(rule, 'Zoë')).toBe(true);
    expect(fitsRule(rule, 'Z')).toBe(false);
    expect(fitsRule(rule, 'Zoëxy')).toBe(false);
  });

  it("reports ANY as the spec's '*' and the others as their expression", () => {
    expect(acceptedPattern('ANY')).toBe('*');
    expect(acceptedPattern('DIGITS')).toBe('^[0-9]+$');
  });
});

describe('commaListPattern', () => {
  const types = commaListPattern(['B', 'PL', 'PU']);
  it('takes the words in any letter case, with blanks, spaces and tabs between them', () => {
    for (const list of ['', 'B', 'b,pl', ' PL , pu ,,', '\tB']) expect(types.test(list), list).toBe(true);
  });
  it('refuses anything else, a word inside a longer one included', () => {
    for (const list of ['X', 'B,X', 'BPL', 'PLU', '000', 'B;PL', 'B,\u00a0PL']) expect(types.test(list), list).toBe(false);
  });
  it('has no flags, so a JSON Schema pattern states it as it is', () => {
    expect(types.flags).toBe('');
  });
});
