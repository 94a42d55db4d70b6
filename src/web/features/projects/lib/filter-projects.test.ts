import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { ALL_LEVELS, filterProjects, parseLevel } from './filter-projects.ts';

const titles = (query: string, level = ALL_LEVELS as Parameters<typeof filterProjects>[2]) =>
  filterProjects(PROJECTS, query, level).map((p) => p.title);

describe('filterProjects', () => {
  it('shows everything with no text and All Levels', () => {
    expect(titles('')).toHaveLength(9);
  });

  it('matches the title ignoring case and surrounding spaces', () => {
    expect(titles('  SOLAR ')).toEqual(['Solar Tracking Robot']);
  });

  it('matches the description too', () => {
    const word = PROJECTS[0]?.description.split(' ').find((w) => w.length > 6 && !PROJECTS[0]?.title.includes(w)) ?? '';
    expect(word).not.toBe('');
    expect(titles(word.toUpperCase())).toContain(PROJECTS[0]?.title);
  });

  it('combines text and level', () => {
    expect(titles('', 'Advanced')).toEqual(['Waste Sorting Robot', 'Water Quality Robot', 'Smart Irrigation Robot']);
    const water = filterProjects(PROJECTS, 'water', 'Advanced');
    expect(water.map((p) => p.title)).toContain('Water Quality Robot');
    expect(water.every((p) => p.difficulty === 'Advanced')).toBe(true);
    expect(titles('water').length).toBeGreaterThan(water.length);
    expect(titles('solar', 'Beginner')).toEqual([]);
    expect(titles('', 'Professional')).toEqual(['Medical Assistance Robot']);
  });

  it('reads unknown levels as All Levels', () => {
    expect(parseLevel('Advanced')).toBe('Advanced');
    expect(parseLevel('advanced')).toBe(ALL_LEVELS);
    expect(parseLevel(null)).toBe(ALL_LEVELS);
  });
});
