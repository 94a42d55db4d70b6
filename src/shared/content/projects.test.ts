import { describe, expect, it } from 'vitest';
import {
  BOARD_NAMES,
  BOARDS,
  DIFFICULTIES,
  findProject,
  findProjectBySlug,
  PROJECT_COLORS,
  PROJECTS,
} from './projects.ts';

const EXPECTED_CATALOG = [
  { id: 1, title: 'Plant Watering Robot', difficulty: 'Beginner' },
  { id: 2, title: 'Line-Following Robot', difficulty: 'Intermediate' },
  { id: 3, title: 'Air Quality Monitor', difficulty: 'Intermediate' },
  { id: 4, title: 'Waste Sorting Robot', difficulty: 'Advanced' },
  { id: 5, title: 'Solar Tracking Robot', difficulty: 'Intermediate' },
  { id: 6, title: 'Gas Leak Alarm Robot', difficulty: 'Intermediate' },
  { id: 7, title: 'Water Quality Robot', difficulty: 'Advanced' },
  { id: 8, title: 'Smart Irrigation Robot', difficulty: 'Advanced' },
  { id: 9, title: 'Medical Assistance Robot', difficulty: 'Professional' },
];

describe('PROJECTS catalog', () => {
  it('has nine projects', () => {
    expect(PROJECTS).toHaveLength(9);
  });

  it('has ids 1 to 9, in order and unique', () => {
    const ids = PROJECTS.map((p) => p.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has exactly the expected titles and difficulties', () => {
    expect(PROJECTS.map((p) => ({ id: p.id, title: p.title, difficulty: p.difficulty }))).toEqual(EXPECTED_CATALOG);
  });

  it('uses only known difficulties and colors', () => {
    for (const p of PROJECTS) {
      expect(DIFFICULTIES, `project ${p.id} difficulty`).toContain(p.difficulty);
      expect(PROJECT_COLORS, `project ${p.id} color`).toContain(p.color);
    }
  });

  it('has 6-10 non-empty materials and 6-12 non-empty steps per project', () => {
    for (const p of PROJECTS) {
      expect(p.materials.length, `project ${p.id} materials`).toBeGreaterThanOrEqual(6);
      expect(p.materials.length, `project ${p.id} materials`).toBeLessThanOrEqual(10);
      expect(p.steps.length, `project ${p.id} steps`).toBeGreaterThanOrEqual(6);
      expect(p.steps.length, `project ${p.id} steps`).toBeLessThanOrEqual(12);
      for (const item of [...p.materials, ...p.steps]) {
        expect(item.trim(), `project ${p.id} has an empty material or step`).not.toBe('');
      }
    }
  });

  it('has a non-empty description of at most 160 characters', () => {
    for (const p of PROJECTS) {
      expect(p.description.trim(), `project ${p.id} description`).not.toBe('');
      expect(p.description.length, `project ${p.id} description`).toBeLessThanOrEqual(160);
    }
  });

  it('has materials that each start with a quantity', () => {
    for (const p of PROJECTS) {
      for (const item of p.materials) {
        expect(item, `project ${p.id} material`).toMatch(/^\d+ × \S/);
      }
    }
  });

  it('has a one-sentence description of at least 90 characters', () => {
    for (const p of PROJECTS) {
      expect(p.description.length, `project ${p.id} description`).toBeGreaterThanOrEqual(90);
      expect(p.description, `project ${p.id} description`).toMatch(/^[^.!?]+\.$/);
    }
  });

  it('has unique kebab-case slugs', () => {
    const slugs = PROJECTS.map((p) => p.slug);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('names a known board, an honest time and a cost for each project', () => {
    for (const p of PROJECTS) {
      expect(BOARDS, `project ${p.id} board`).toContain(p.board);
      expect(BOARD_NAMES[p.board]).toMatch(/^Arduino /);
      expect(p.time.trim(), `project ${p.id} time`).not.toBe('');
      expect(p.time, `project ${p.id} time`).toMatch(/\d/);
      expect(p.cost, `project ${p.id} cost`).toMatch(/\$\d+/);
    }
  });

  it('has 3-5 non-empty "What you will learn" points', () => {
    for (const p of PROJECTS) {
      expect(p.learn.length, `project ${p.id} learn`).toBeGreaterThanOrEqual(3);
      expect(p.learn.length, `project ${p.id} learn`).toBeLessThanOrEqual(5);
      for (const point of p.learn) {
        expect(point.trim(), `project ${p.id} learn`).not.toBe('');
      }
    }
  });

  it('names the board of its project in the first material', () => {
    for (const p of PROJECTS) {
      expect(p.materials[0], `project ${p.id}`).toContain(BOARD_NAMES[p.board].replace(' 2560', ''));
    }
  });

  it('has a well-formed YouTube video id', () => {
    for (const p of PROJECTS) {
      expect(p.video.youtubeId, `project ${p.id} video`).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
  });
});

describe('findProject', () => {
  it('finds a project by id', () => {
    expect(findProject(3)?.title).toBe('Air Quality Monitor');
  });

  it('returns undefined for an unknown id', () => {
    expect(findProject(10)).toBeUndefined();
  });
});

describe('findProjectBySlug', () => {
  it('finds a project by slug', () => {
    expect(findProjectBySlug('smart-irrigation-robot')?.id).toBe(8);
  });

  it('returns undefined for an unknown slug', () => {
    expect(findProjectBySlug('time-machine')).toBeUndefined();
  });
});

describe('PROJECT_IDS', () => {
  it('lists exactly the catalog ids', async () => {
    const { PROJECT_IDS } = await import('./project-ids.ts');
    expect([...PROJECT_IDS]).toEqual(PROJECTS.map((p) => p.id));
  });
});

describe('TUTORIAL_SLUGS', () => {
  it('lists exactly the catalog slugs, in its order', async () => {
    const { TUTORIAL_SLUGS } = await import('./tutorial-slugs.ts');
    expect([...TUTORIAL_SLUGS]).toEqual(PROJECTS.map((p) => p.slug));
  });
});
