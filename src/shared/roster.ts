import Papa from 'papaparse';
import { LEARNER_NAME_MAX_LENGTH, LEARNERS_PER_REQUEST } from './constants.ts';
import { learnerNameSchema } from './schemas/classes.ts';
import { z } from './schemas/z.ts';

/**
 * Names a teacher pastes (product §2 Classes): one a line, or a CSV with a `name` column (a
 * spreadsheet's export, commas, semicolons or tabs, quoted fields, which may hold the separator, a
 * quote or a line break). Blank lines are skipped. The CSV is read by papaparse (RFC 4180).
 */
export function parseRoster(text: string): string[] {
  // One line ending throughout (a paste can mix them; inside a quoted cell it becomes a space anyway).
  const input = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = input.split('\n').filter((line) => line.trim() !== '');
  const [first] = lines;
  if (first === undefined) return [];
  const separator = SEPARATORS.find((candidate) => csvRows(first, candidate)[0]?.some(isNameHeader));
  if (separator === undefined) return lines.map(tidy).filter((name) => name !== '');
  const [header = [], ...rows] = csvRows(input.slice(input.indexOf(first)), separator);
  const column = header.findIndex(isNameHeader);
  return rows.map((row) => tidy(row[column] ?? '')).filter((name) => name !== '');
}

const SEPARATORS = [',', ';', '\t'] as const;
const isNameHeader = (cell: string) => cell.trim().toLowerCase() === 'name';
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();

function csvRows(text: string, delimiter: string): string[][] {
  return Papa.parse<string[]>(text, { delimiter, newline: '\n', skipEmptyLines: 'greedy' }).data;
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
      // Spaces first, so `trim` drops them at the ends in one pass (a trailing `-+$` is tried from every dash).
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .replaceAll(' ', '-')
      .slice(0, 40) || 'class'
  );
}

/** A name the API would refuse, whole, and why in the schema's words. */
export interface RefusedName {
  readonly name: string;
  readonly reason: string;
}

/**
 * The names read, sorted by the API's own rule (learnerNameSchema): the ones it takes, as it will
 * store them, and the ones it would refuse, each with its reason. One bad name does not hold the rest.
 */
export function sortRoster(names: readonly string[]): { accepted: string[]; refused: RefusedName[] } {
  const accepted: string[] = [];
  const refused: RefusedName[] = [];
  for (const name of names) {
    const parsed = learnerNameSchema.safeParse(name);
    if (parsed.success) accepted.push(parsed.data);
    else refused.push({ name, reason: parsed.error.issues[0]?.message ?? 'Not a name we can use' });
  }
  return { accepted, refused };
}

/**
 * The roster form: pasted names (one a line, or a CSV with a `name` column, parseRoster), sorted
 * into those the API takes and those it would refuse (sortRoster). It is valid when at least one
 * name can be added and at most LEARNERS_PER_REQUEST at once; the refused ones are shown, not sent.
 */
export const rosterFormSchema = z.object({
  text: z
    .string()
    .transform((text) => {
      const names = parseRoster(text);
      return { read: names.length, ...sortRoster(names) };
    })
    .superRefine(({ read, accepted }, context) => {
      const problem =
        read === 0
          ? 'Paste or type at least one name'
          : accepted.length === 0
            ? 'None of these names can be added: see why below'
            : accepted.length > LEARNERS_PER_REQUEST
              ? `At most ${LEARNERS_PER_REQUEST} learners at once`
              : undefined;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
