/*
 * "Did you mean `pinMode`?": the name a learner most likely meant when the compiler does not know
 * the one they wrote. GCC 5.4 (the AVR toolchain's) never suggests one, and a beginner's unknown
 * name is nearly always a misspelling or wrong capitals of a name the sketch or Arduino has.
 */

/** The types a beginner's sketch declares things with. */
const TYPE_NAMES = [
  'int',
  'long',
  'float',
  'double',
  'bool',
  'boolean',
  'byte',
  'char',
  'void',
  'unsigned',
  'word',
  'String',
];

/** Names every sketch can use: the Arduino core's functions, constants and types, the C++ words beginners type. */
const ARDUINO_NAMES = [
  ...TYPE_NAMES,
  ...['setup', 'loop', 'pinMode', 'digitalWrite', 'digitalRead', 'analogRead', 'analogWrite', 'analogReference'],
  ...['delay', 'delayMicroseconds', 'millis', 'micros', 'pulseIn', 'shiftIn', 'shiftOut', 'tone', 'noTone'],
  ...['attachInterrupt', 'detachInterrupt', 'interrupts', 'noInterrupts', 'map', 'constrain', 'random'],
  ...['randomSeed', 'bitRead', 'bitWrite', 'bitSet', 'bitClear', 'highByte', 'lowByte', 'Serial'],
  ...['HIGH', 'LOW', 'INPUT', 'OUTPUT', 'INPUT_PULLUP', 'LED_BUILTIN', 'true', 'false'],
  'const',
  // Methods beginners call on Serial, an LCD or a servo.
  ...['begin', 'print', 'println', 'available', 'read', 'write', 'setCursor', 'clear', 'backlight', 'attach'],
];

/** The longest name compared: no real one comes near, and a longer one costs nothing to read. */
const NAME_MAX = 64;

/** The names the sketch itself uses, comments and the text in quotes left out. */
function namesIn(source: string): Set<string> {
  // Each pattern reads the source once: a comment or text ends where its closing mark (or the source) does.
  const code = source
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/"(?:[^"\\\n]|\\.)*"?/g, ' ');
  return new Set(code.match(/[A-Za-z_]\w*/g) ?? []);
}

/** How many letters to add, drop, change or swap to turn `a` into `b` (optimal string alignment). */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The one name, in the sketch or in Arduino, that `unknown` is most likely a misspelling of: the
 * same but for capitals first, else (for a name of three letters or more) one letter away, or two
 * for a name of five or more.
 * Undefined when there is none, or when two are as likely. A `type` is one of the built-in types: a
 * class the compiler does not know (`Servo`) wants its #include, not the name of a variable.
 */
export function likelyName(unknown: string, source: string, kind: 'name' | 'type' = 'name'): string | undefined {
  if (unknown.length > NAME_MAX) return undefined;
  const names = new Set(kind === 'type' ? TYPE_NAMES : [...ARDUINO_NAMES, ...namesIn(source)]);
  names.delete(unknown);
  const known = [...names].filter((name) => name.length <= NAME_MAX);
  const sameButCapitals = known.filter((name) => name.toLowerCase() === unknown.toLowerCase());
  if (sameButCapitals.length > 0) return sameButCapitals.length === 1 ? sameButCapitals[0] : undefined;
  // A name of one or two letters is a guess among many: only its capitals are checked.
  const most = unknown.length >= 5 ? 2 : unknown.length >= 3 ? 1 : 0;
  if (most === 0) return undefined;
  let best: string[] = [];
  let bestDistance = most + 1;
  for (const name of known) {
    if (Math.abs(name.length - unknown.length) > most) continue;
    const distance = editDistance(unknown, name);
    if (distance > most) continue;
    if (distance < bestDistance) {
      best = [name];
      bestDistance = distance;
    } else if (distance === bestDistance) {
      best.push(name);
    }
  }
  return best.length === 1 ? best[0] : undefined;
}
