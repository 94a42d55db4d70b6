import { describe, expect, it } from 'vitest';
import { ENDED_SESSION_PATH, ENDED_SESSIONS_CACHE_NAME } from '../src/shared/offline.ts';
import {
  APP_ICONS,
  forgetEndedSessions,
  iconSvg,
  precacheEntry,
  renderPng,
  robotLogoSvg,
  shortNameOf,
  webAppManifest,
} from './service-worker.ts';

describe('the offline build step', () => {
  it('looks for ended sessions where the app marks them (the worker cannot import the names)', () => {
    const source = String(forgetEndedSessions.cacheDidUpdate);
    const literal = (text: string) => new RegExp(`(['"])${text}\\1`);
    expect(source).toMatch(literal(ENDED_SESSIONS_CACHE_NAME));
    expect(source).toMatch(literal(ENDED_SESSION_PATH));
  });

  it('precaches each prerendered page under the route the server answers it at', () => {
    const entry = (url: string) => precacheEntry({ url, revision: 'r1' });
    expect(entry('index.html')).toEqual({ url: '/', revision: 'r1' });
    expect(entry('about/index.html')).toEqual({ url: '/about', revision: 'r1' });
    expect(entry('projects/plant-watering-robot/index.html')).toEqual({
      url: '/projects/plant-watering-robot',
      revision: 'r1',
    });
    expect(entry('__spa-fallback.html')).toEqual({ url: '/__spa-fallback.html', revision: 'r1' });
    // Hashed assets need no revision; other files keep theirs.
    expect(entry('assets/tutorial-Ab12.js')).toEqual({ url: '/assets/tutorial-Ab12.js', revision: null });
    expect(entry('sketches/plant-watering-robot.ino')).toEqual({
      url: '/sketches/plant-watering-robot.ino',
      revision: 'r1',
    });
    // The program built from it, which the simulator fetches: offline too.
    expect(entry('sketches/plant-watering-robot.hex')).toEqual({
      url: '/sketches/plant-watering-robot.hex',
      revision: 'r1',
    });
  });

  it('names the app after SITE_NAME, with a short name that fits under an icon', () => {
    expect(shortNameOf('RoboForge')).toBe('RoboForge');
    expect(shortNameOf('Riverside Robotics Club')).toBe('Riverside');
    const manifest = webAppManifest('Riverside Robotics Club');
    expect(manifest).toMatchObject({
      name: 'Riverside Robotics Club',
      short_name: 'Riverside',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.src} ${icon.sizes} ${icon.purpose}`)).toEqual([
      '/icons/icon-192.png 192x192 any',
      '/icons/icon-512.png 512x512 any',
      '/icons/icon-maskable-512.png 512x512 maskable',
    ]);
  });

  it('renders the robot logo (colours resolved, no CSS variables) into PNG icons of the stated sizes', async () => {
    const logo = robotLogoSvg();
    expect(logo).toMatch(/^<svg[^>]*viewBox="0 0 64 64"/);
    expect(logo).not.toContain('var(');
    expect(logo).toContain('#22d3ee');
    for (const icon of APP_ICONS) {
      const png = renderPng(iconSvg(logo, icon.purpose), icon.size);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([icon.size, icon.size]);
    }
    // The maskable icon fills the square: no transparent corner for a launcher's mask to show.
    expect(iconSvg(logo, 'maskable')).toMatch(/<rect width="512" height="512" fill=/);
    expect(iconSvg(logo, 'any')).toMatch(/<rect width="512" height="512" rx="112"/);
  });
});
