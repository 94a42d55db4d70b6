import { LEARNER_NAME_MAX_LENGTH } from './constants.ts';

/**
 * Names a teacher pastes (product §2 Classes): one a line, or a CSV with a `name` column (a
 * spreadsheet's export, commas or semicolons, quoted fields). Blank lines are skipped.
 */
export function parseRoster(text: string): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  if (first === undefined) return [];
  const separator = [',', ';', '\t'].find((candidate) => splitCsvLine(first, candidate).some(isNameHeader));
  if (separator === undefined) return lines.map(tidy).filter((name) => name !== '');
  const column = splitCsvLine(first, separator).findIndex(isNameHeader);
  return rest.map((line) => tidy(splitCsvLine(line, separator)[column] ?? '')).filter((name) => name !== '');
}

const isNameHeader = (cell: string) => cell.trim().toLowerCase() === 'name';
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();

/** One CSV line's fields: quotes around a field, and `""` inside one, as RFC 4180 writes them. */
function splitCsvLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/**
 * "Ada Lovelace" → "Ada L.": a first name and an initial, what classmates see by default. A school's
 * "Lovelace, Ada" is read as surname first.
 */
export function defaultDisplayName(fullName: string): string {
  const [surname, given] = fullName.split(/,(.*)/s).map(tidy);
  const ordered = given ? `${given} ${surname}` : (surname ?? fullName);
  const words = tidy(ordered).split(' ').filter(Boolean);
  const [first = '', ...others] = words;
  const last = others.at(-1);
  const initial = last ? ` ${[...last][0]?.toUpperCase() ?? ''}.` : '';
  return [...`${first}${initial}`].slice(0, LEARNER_NAME_MAX_LENGTH).join('');
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A class's (or pupil's) name in a file name: "Year 8 Robotics" → "year-8-robotics"; letters, digits and dashes only. */
export function fileNamePart(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'class'
  );
}
