/**
 * The named input patterns of the spec (section 5). A brand's registration field configuration names one pattern per
 * field (patternId) with its length bounds; the server checks with it and the client shows its message. This file
 * has no dependencies so that the web client can import it as it is.
 */

export interface PatternDefinition {
  /** Regular expression source; tested against the whole trimmed value. */
  source: string;
  flags: string;
  /** What the field expects; `{range}` becomes "min-max", or one number when both are equal. */
  message: { EN: string; ES: string };
  /** A further check the expression cannot make (a real calendar date). */
  check?: (value: string) => boolean;
}

const realDate = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const pattern = (source: string, EN: string, ES: string, flags = '', check?: (value: string) => boolean): PatternDefinition => ({
  source,
  flags,
  message: { EN, ES },
  ...(check ? { check } : {}),
});

export const PATTERNS = {
  ANY: pattern('^[\\s\\S]*$', 'Please enter {range} characters', 'Ingrese {range} caracteres'),
  LETTER_FIRST_ALNUM: pattern('^[A-Za-z][A-Za-z0-9]*$', 'Please enter {range} letters or digits, starting with a letter', 'Ingrese {range} letras o dígitos, comenzando con una letra'),
  CHINESE_DIGITS: pattern('^[\\u4e00-\\u9fa50-9]+$', 'Please enter {range} Chinese characters or digits', 'Ingrese {range} caracteres chinos o dígitos'),
  EMAIL: pattern('^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$', 'Please enter a mailbox address of {range} characters', 'Ingrese un correo electrónico de {range} caracteres'),
  ALNUM: pattern('^[A-Za-z0-9]+$', 'Please enter {range} letters or digits', 'Ingrese {range} letras o dígitos'),
  LETTERS_AND_DIGITS: pattern('^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', 'Please enter {range} characters combining letters and digits', 'Ingrese {range} caracteres que combinen letras y dígitos'),
  DIGITS: pattern('^[0-9]+$', 'Please enter {range} digits', 'Ingrese {range} dígitos'),
  ALNUM_WITH_UPPER: pattern('^(?=.*[A-Z])[A-Za-z0-9]+$', 'Please enter {range} letters or digits with at least one uppercase letter', 'Ingrese {range} letras o dígitos con al menos una mayúscula'),
  ENGLISH_LETTERS_SPACES: pattern('^[A-Za-z ]+$', 'Please enter {range} English letters or spaces', 'Ingrese {range} letras inglesas o espacios'),
  NO_SPACES: pattern('^\\S+$', 'Please enter {range} characters without spaces', 'Ingrese {range} caracteres sin espacios'),
  CHINESE_PUNCTUATION: pattern(
    '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20·]+$',
    'Please enter {range} Chinese characters or punctuation',
    'Ingrese {range} caracteres chinos o signos de puntuación',
  ),
  DATE_YMD: pattern('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 'Please enter a date as yyyy-MM-dd', 'Ingrese una fecha como aaaa-MM-dd', '', (value) => {
    const [year, month, day] = value.split('-').map(Number);
    return realDate(year!, month!, day!);
  }),
  DATE_MDY: pattern('^[0-9]{2}-[0-9]{2}-[0-9]{4}$', 'Please enter a date as MM-dd-yyyy', 'Ingrese una fecha como MM-dd-aaaa', '', (value) => {
    const [month, day, year] = value.split('-').map(Number);
    return realDate(year!, month!, day!);
  }),
  LETTERS_SPACES: pattern('^[\\p{L} ]+$', 'Please enter {range} letters or spaces', 'Ingrese {range} letras o espacios', 'u'),
  ALPHANUMERIC: pattern('^[\\p{L}\\p{N}]+$', 'Please enter {range} alphanumeric characters', 'Ingrese {range} caracteres alfanuméricos', 'u'),
  KOREAN: pattern('^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$', 'Please enter {range} Korean characters', 'Ingrese {range} caracteres coreanos'),
  THAI: pattern('^[\\u0e00-\\u0e7f]+$', 'Please enter {range} Thai characters', 'Ingrese {range} caracteres tailandeses'),
  THAI_ENGLISH_SPACES: pattern('^[\\u0e00-\\u0e7fA-Za-z ]+$', 'Please enter {range} Thai or English letters or spaces', 'Ingrese {range} letras tailandesas o inglesas o espacios'),
  UPPER_SPACES: pattern('^[A-Z ]+$', 'Please enter {range} uppercase letters or spaces', 'Ingrese {range} letras mayúsculas o espacios'),
  LETTERS_DIGITS_SYMBOLS: pattern('^[\\x21-\\x7e]+$', 'Please enter {range} letters, digits or symbols', 'Ingrese {range} letras, dígitos o símbolos'),
  STRONG: pattern(
    '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])\\S+$',
    'Please enter {range} characters with an uppercase letter, a lowercase letter, a digit and a special symbol',
    'Ingrese {range} caracteres con una mayúscula, una minúscula, un dígito y un símbolo especial',
  ),
  FULL_NAME: pattern(
    "^[\\p{L}'-]+( [\\p{L}'-]+)+$",
    'Please enter your full name of {range} characters: first and last name separated by a space',
    'Ingrese su nombre completo de {range} caracteres: nombre y apellido separados por un espacio',
    'u',
  ),
  FULLWIDTH_JAPANESE: pattern(
    '^[\\u3000-\\u303f\\u3040-\\u309f\\u30a0-\\u30ff\\uff01-\\uff5e\\u4e00-\\u9faf]+$',
    'Please enter {range} full-width Japanese characters',
    'Ingrese {range} caracteres japoneses de ancho completo',
  ),
  UPPER_ONLY: pattern('^[A-Z]+$', 'Please enter {range} uppercase letters without spaces', 'Ingrese {range} letras mayúsculas sin espacios'),
  /** Passwords: any printable character, spaces and symbols included (no control characters). */
  PRINTABLE: pattern('^[^\\p{Cc}\\p{Cs}\\p{Co}\\p{Cn}]+$', 'Please enter {range} characters; spaces and symbols are welcome', 'Ingrese {range} caracteres; se admiten espacios y símbolos', 'u'),
  PHONE: pattern('^[0-9]+$', 'Phone numbers must have {range} digits', 'El número de teléfono debe tener {range} dígitos'),
} as const satisfies Record<string, PatternDefinition>;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as PatternId[];

/** The error code that carries a pattern's message (see errors-registration.ts). */
export const patternErrorCode = <K extends PatternId>(id: K): `PATTERN_${K}` => `PATTERN_${id}`;

export const isPatternId = (id: string): id is PatternId => Object.prototype.hasOwnProperty.call(PATTERNS, id);

/** "6-20", or "6" when both bounds are equal. */
export const lengthRange = (min: number, max: number): string => (min === max ? String(min) : `${min}-${max}`);

/** Length as a person counts it: by characters, not UTF-16 units. */
export const characterCount = (value: string): number => [...value].length;

/** The spec's acceptedPattern: '*' means anything. */
export const acceptedPattern = (id: PatternId): string => (id === 'ANY' ? '*' : PATTERNS[id].source);

const compiled = new Map<PatternId, RegExp>();
const expression = (id: PatternId): RegExp => {
  let regex = compiled.get(id);
  if (!regex) {
    regex = new RegExp(PATTERNS[id].source, PATTERNS[id].flags);
    compiled.set(id, regex);
  }
  return regex;
};

/** Whether `value` fits the pattern (the length bounds are checked separately). */
export function matchesPattern(id: PatternId, value: string): boolean {
  const definition: PatternDefinition = PATTERNS[id];
  return expression(id).test(value) && (definition.check ? definition.check(value) : true);
}

/** Whether `value` fits the pattern and the bounds. */
export function fitsRule(rule: { patternId: PatternId; minLength: number; maxLength: number }, value: string): boolean {
  const length = characterCount(value);
  return length >= rule.minLength && length <= rule.maxLength && matchesPattern(rule.patternId, value);
}

export function patternMessage(id: PatternId, language: 'EN' | 'ES', min: number, max: number): string {
  return PATTERNS[id].message[language].replaceAll('{range}', lengthRange(min, max));
}

/**
 * A comma list of the given words in any letter case, blank entries, spaces and tabs allowed (`"b, PL,,h"`), written
 * without flags so an API reference states it exactly as the server applies it.
 */
export function commaListPattern(words: readonly string[]): RegExp {
  const anyCase = (word: string) =>
    [...word].map((char) => (char.toLowerCase() === char.toUpperCase() ? char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `[${char.toUpperCase()}${char.toLowerCase()}]`)).join('');
  const entry = `[ \\t]*(?:(?:${words.map(anyCase).join('|')})[ \\t]*)?`;
  return new RegExp(`^${entry}(?:,${entry})*$`);
}
