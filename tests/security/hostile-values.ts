import fc from 'fast-check';

/** Strings that have broken other systems: injection payloads, path tricks and Unicode edge cases. */
export const HOSTILE_SAMPLES = [
  // SQL
  "' OR '1'='1",
  "'; DROP TABLE profiles; --",
  '" OR ""="',
  '1; SELECT password_hash FROM users --',
  "admin'--",
  "\\'; --",
  "' UNION SELECT email, password_hash FROM users --",
  // markup and script
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '</textarea><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '#{7*7}',
  // paths
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  // Unicode: direction marks, zero-width and format characters, emoji, combining marks, lone surrogates
  '\u202Egnp.exe',
  '\u200F\u200E',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '🤖',
  '👩🏽‍🔧',
  '🇺🇳',
  'a\u0301\u0301\u0301',
  '\uD800',
  '\uDFFF',
  'Ｒｏｂｏ',
  'İstanbul',
  'ß',
  '\u00A0',
  '\u2028',
  '\u0085',
  '\u009B31m',
  // control characters
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001B[2J',
  '\r\n',
  '\t',
  '\u007F',
  // values that look like other types
  'NaN',
  'Infinity',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '',
  ' ',
  '  padded  ',
];

/** Long runs of one character: under and over the field limits and the 16 KiB body limit. */
const hugeText = fc
  .tuple(fc.constantFrom('x', 'é', '🤖', '\u200B', "'", '<', ' '), fc.integer({ min: 30, max: 9000 }))
  .map(([unit, count]) => unit.repeat(count));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SAMPLES) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...HOSTILE_SAMPLES), { minLength: 2, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: hugeText },
);

/** Any JSON value, most often a hostile string. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Text a header can carry (Node refuses to send CR, LF and other controls, as a proxy would). */
export const headerText: fc.Arbitrary<string> = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** Percent-encodes every byte of the UTF-8 form except unreserved characters; never throws (unlike encodeURIComponent on a lone surrogate). */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Query strings an endpoint without parameters should refuse (or ignore) cleanly. */
export const junkQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(hostileText, hostileText), { minLength: 1, maxLength: 3 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '?',
      '?&',
      '?=',
      '?%',
      '?%zz=1',
      '?a=%E0%A4%A',
      '?a[b]=1',
      '?__proto__[admin]=1',
      '?constructor[prototype][admin]=1',
      '?x=1&x=2',
      '?id=1;DROP%20TABLE%20users',
      `?${'a'.repeat(3000)}=1`,
    ),
  },
);

export interface Body {
  /** null: no Content-Type header at all. */
  readonly contentType: string | null;
  readonly text: string;
}

const ODD_JSON_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=UTF-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;',
  'application/vnd.api+json',
  'application/jsonx',
];

const WRONG_TYPES = [
  null,
  '',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/octet-stream',
];

const MALFORMED_JSON = [
  '{',
  '{"email":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":01}',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a" 1}',
  '{}}',
  '[',
  'undefined',
  'NaN',
  '\u0000',
  '\uFEFF{}',
  '',
  '   ',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2,"a":{"__proto__":null}}',
];

/** JSON nested far deeper than any payload, just under and over the body limit. */
const deeplyNested: fc.Arbitrary<Body> = fc
  .tuple(fc.integer({ min: 50, max: 9000 }), fc.boolean(), fc.constantFrom('a', 'email', 'username', 'project_id'))
  .map(([depth, asArrays, field]) => ({
    contentType: 'application/json',
    text: asArrays
      ? `{"${field}":${'['.repeat(depth)}${']'.repeat(depth)}}`
      : `${`{"${field}":`.repeat(depth)}1${'}'.repeat(depth)}`,
  }));

/** Adds a key at the JSON text level, so keys such as `__proto__` reach the server as written. */
function withKey(json: string, key: string, value: unknown): string {
  const entry = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return json === '{}' ? `{${entry}}` : `{${entry},${json.slice(1)}`;
}

/**
 * Request bodies built around an endpoint's own fields: mostly JSON objects with hostile values,
 * and also smuggled keys, other content types, malformed and truncated JSON, deep nesting and
 * other JSON types.
 */
export function hostileBody(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Body> {
  const json = fields.map((value) => JSON.stringify(value));
  const asJson = (text: string): Body => ({ contentType: 'application/json', text });
  return fc.oneof(
    { weight: 12, arbitrary: json.map(asJson) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          json,
          fc.constantFrom('__proto__', 'constructor', 'admin', 'role', 'user_id', 'id', 'email', 'created_at'),
          hostileJsonValue,
        )
        .map(([text, key, value]) => asJson(withKey(text, key, value))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(json, fc.constantFrom(...ODD_JSON_TYPES))
        .map(([text, contentType]) => ({ contentType, text })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(json, fc.constantFrom(...WRONG_TYPES)).map(([text, contentType]) => ({ contentType, text })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map(asJson) },
    { weight: 1, arbitrary: json.chain((text) => fc.nat(text.length).map((cut) => asJson(text.slice(0, cut)))) },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => asJson(JSON.stringify(value) ?? 'null')) },
  );
}

/** A field's value: mostly plausible, so requests reach the database, and often hostile. */
export function field<T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: hostileJsonValue });
}

/** What an `Authorization` header may hold: the caller's real token, mostly, and many near misses. */
export function authorizationFor(token: string): fc.Arbitrary<string | null> {
  const [header = '', payload = ''] = token.split('.');
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `bearer ${token}`,
        `Bearer  ${token}`,
        token,
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        'Bearer',
        'Bearer ',
        `Bearer ${token}.x`,
        `Bearer ${token.slice(0, -3)}`,
        `Bearer ${header}.${payload}.`,
        `Bearer ${header}.${payload}.AAAA`,
        'Bearer eyJhbGciOiJub25lIn0.e30.',
        'Bearer a.b.c',
        `Bearer ${token}, Bearer ${token}`,
        `Bearer ${'A'.repeat(6000)}`,
      ),
    },
    { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
  );
}
