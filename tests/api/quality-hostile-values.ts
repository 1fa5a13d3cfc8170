/**
 * Families of hostile values the input sweep draws from: path traversal, control characters, emoji and other
 * awkward Unicode, injection-shaped text, numbers past what JSON numbers keep exactly, and malformed JSON.
 */

/** Every C0 control character, DEL and every C1 control character. */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
];

export const charName = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Ways of climbing out of a directory, as they arrive in one path segment or field. */
export const TRAVERSALS = [
  '..',
  '../..',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '..;/',
  './.',
  '/etc/passwd',
  'C:\\Windows\\System32',
  '%2e%2e%2f%2e%2e%2f',
  '%252e%252e%252f',
  '..%c0%af',
  '\\\\server\\share',
  'file:///etc/passwd',
  '~/.ssh/id_rsa',
];

/**
 * Traversals written raw into the path, their slashes encoded so that they stay in the parameter's segment (a URL
 * whose dot segments are plain is resolved before it is sent, and never names the operation).
 */
export const RAW_TRAVERSALS = ['..%2f..%2f..%2fetc%2fpasswd', '..%5c..%5cwindows', '%2e%2e%5c%2e%2e%5c', '..%252f..%252f', '.%00./', '..%c0%af..%c0%af'];

export const UNICODE = [
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'ｆｕｌｌｗｉｄｔｈ',
  '\u202egnp.exe',
  'zero\u200bwidth',
  'e\u0301\u0301\u0301',
  '\ufeffbom',
  'İı',
  '𝕏𝕐𝕫',
  '中文标识',
  'עברית',
];

export const INJECTIONS = ["' OR '1'='1", '"; DROP TABLE records; --', '${7*7}', '{{7*7}}', '<script>alert(1)</script>', '__proto__', 'constructor', 'null', '%s%s%s%n', '*'];

/** Texts that are not the number they look like. */
export const BAD_NUMBER_TEXTS = [
  'abc',
  '1.5',
  '-0.5',
  '1e400',
  '-1e400',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '0x10',
  '0b1',
  'NaN',
  'Infinity',
  '-Infinity',
  ' 1',
  '1 ',
  '１',
  '١٢',
  '1_000',
  '1,000',
  '--1',
  '1-',
  '1e',
  '.',
  '\u0000',
  '',
];

/** Number literals JSON can write but no JavaScript number keeps exactly (or at all). */
export const UNSAFE_NUMBER_LITERALS = ['9007199254740993', '-9007199254740993', '123456789012345678901234567890', '1e400', '-1e400'];

/** Texts that are not JSON at all. */
export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}}',
  '{"a" 1}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":"unterminated}',
  '{"a":"\\x41"}',
  '/* comment */ {}',
  '[1, 2',
  'undefined',
  'NaN',
  'nul',
  ' ',
  '\u0000',
];

/** Content types the API does not speak, with the JSON text as the body. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/jsonx',
  'image/png',
];

/** One megabyte of text (in units of 1000, as the API counts). */
export const ONE_MB = 'x'.repeat(1_000_000);

/** JSON nested this deep: past any shape the API declares. */
export const DEEP = 10_000;
export const deepObject = (depth = DEEP) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArray = (depth = DEEP) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A JSON string escape that encodes half of a surrogate pair: valid JSON syntax, not valid Unicode text. */
export const LONE_SURROGATE = '\\ud800';
