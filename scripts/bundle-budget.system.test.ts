import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, bundleReport } from './bundle-budget.ts';

// Exact byte counts of the production build (`npm test` builds before the tests run).
const BUILD = path.resolve(import.meta.dirname, '..', 'build', 'client', 'index.html');

describe('performance budgets of the production build', () => {
  it('has a build to measure', () => {
    expect(existsSync(BUILD), 'run `npm run build` first (npm test does)').toBe(true);
  });

  const report = existsSync(BUILD) ? bundleReport() : null;

  it(`loads at most ${BUDGETS.initialJsBytes / 1024} KB gzip of JavaScript on / before any interaction`, () => {
    expect(report?.initialJs.files.length).toBeGreaterThan(0);
    expect(report?.initialJs.bytes).toBeLessThanOrEqual(BUDGETS.initialJsBytes);
  });

  it(`adds at most ${BUDGETS.routeChunkBytes / 1024} KB gzip when opening any route`, () => {
    const routes = Object.entries(report?.routes ?? {});
    expect(routes.map(([id]) => id)).toEqual(
      expect.arrayContaining(['routes/people', 'routes/projects', 'routes/dashboard']),
    );
    for (const [id, bytes] of routes) expect(bytes, id).toBeLessThanOrEqual(BUDGETS.routeChunkBytes);
  });

  it(`a tutorial page adds at most ${BUDGETS.tutorialOverProjectsBytes / 1024} KB gzip to what /projects loads`, () => {
    expect(report?.tutorialOverProjects).toBeGreaterThan(0);
    expect(report?.tutorialOverProjects).toBeLessThanOrEqual(BUDGETS.tutorialOverProjectsBytes);
  });

  it('loads the simulator only when asked for: its panel and worker are chunks of their own, outside the page', () => {
    // Were the panel imported by the page, its bytes would count in the page above and be 0 here.
    expect(report?.simulator.panelBytes).toBeGreaterThan(1024);
    expect(report?.simulator.workerBytes).toBeGreaterThan(10 * 1024);
  });

  it('loads the editor only when asked for: CodeMirror is in a chunk of its own, outside the page', () => {
    // Were CodeMirror imported by the page, its bytes would count in the page above and this would be small.
    expect(report?.simulator.editorBytes).toBeGreaterThan(40 * 1024);
  });

  it(`loads Blockly only for a sketch made with blocks, at most ${BUDGETS.blocksOnDemandBytes / 1024} KB gzip`, () => {
    // Were Blockly imported by a page, it would be in that route's chunks and not among these bytes.
    expect(report?.blocks.holdsBlockly).toBe(true);
    expect(report?.blocks.routesWithBlockly).toEqual([]);
    expect(report?.blocks.bytes).toBeLessThanOrEqual(BUDGETS.blocksOnDemandBytes);
  });

  it(`inlines at most ${BUDGETS.criticalCssBytes / 1024} KB gzip of critical CSS in each prerendered page`, () => {
    const pages = report?.criticalCss ?? {};
    for (const route of ['/', '/about', '/people', '/auth']) expect(pages[route], route).toBeGreaterThan(0);
    for (const [route, bytes] of Object.entries(pages))
      expect(bytes, route).toBeLessThanOrEqual(BUDGETS.criticalCssBytes);
  });

  it(`ships at most ${BUDGETS.cssBytes / 1024} KB gzip of CSS`, () => {
    expect(report?.cssBytes).toBeGreaterThan(0);
    expect(report?.cssBytes).toBeLessThanOrEqual(BUDGETS.cssBytes);
  });
});
