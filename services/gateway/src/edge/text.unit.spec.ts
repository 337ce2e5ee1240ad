import { describe, expect, it } from 'vitest';
import { controlCharacterField, normaliseText } from './control-characters.js';

describe('text at the edge', () => {
  it('puts every string and key of a JSON value in normalisation form C, leaving other values as they are', () => {
    const decomposed = JSON.parse('{"no\\u0301mbre":"Jose\\u0301","list":["n\\u0303",1,true,null,{"a":"o\\u0308"}],"n":-0}') as unknown;
    expect(normaliseText(decomposed)).toEqual({ nómbre: 'José', list: ['ñ', 1, true, null, { a: 'ö' }], n: -0 });
    expect(normaliseText('A\u030a')).toBe('Å');
    expect(normaliseText(7)).toBe(7);
  });

  it('keeps a "__proto__" key an ordinary key, never the object\'s prototype', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"x":1}}}') as unknown;
    const copy = normaliseText(hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the first field holding a control character, allowing tab and line breaks', () => {
    expect(controlCharacterField({ a: 'ok\tfine\r\n', b: ['x', 'y\u0000'] })).toBe('b.1');
    expect(controlCharacterField({ a: 'fine' })).toBeUndefined();
  });
});
