import { describe, expect, it } from 'vitest';
import { likelyName } from './likely-name.ts';

const SOURCE = [
  'const int trigPin = 7;',
  'const int echoPin = 4;',
  '// redPin is not a name here: only a word in a comment',
  'void setup() { Serial.println("greenPin"); }',
].join('\n');

describe('likelyName', () => {
  it('finds the name with other capitals first, then one a letter or two away', () => {
    expect(likelyName('pinmode', SOURCE)).toBe('pinMode');
    expect(likelyName('TrigPin', SOURCE)).toBe('trigPin');
    expect(likelyName('digitalWirte', SOURCE)).toBe('digitalWrite');
    expect(likelyName('ehcoPin', SOURCE)).toBe('echoPin');
  });

  it('suggests nothing when two names are as near, or none is near', () => {
    // trigPin and tragPin are both a letter away from tregPin; nothing is near wibble.
    expect(likelyName('tregPin', `${SOURCE}\nint tragPin;`)).toBeUndefined();
    expect(likelyName('wibble', SOURCE)).toBeUndefined();
  });

  it('reads no comment or text in quotes, and guesses nothing for a name of one or two letters', () => {
    expect(likelyName('redpin', SOURCE)).toBeUndefined();
    expect(likelyName('greenpin', SOURCE)).toBeUndefined();
    expect(likelyName('j', 'int i = 0;')).toBeUndefined();
    expect(likelyName('I', 'int i = 0;')).toBe('i');
  });

  it('suggests only a built-in type for a type it does not know: `Servo` wants its #include', () => {
    expect(likelyName('Int', SOURCE, 'type')).toBe('int');
    expect(likelyName('Servo', 'Servo servo;', 'type')).toBeUndefined();
    expect(likelyName('Servo', 'Servo servo;')).toBe('servo');
  });
});
