import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { avrdudeCommand } from '#shared/content/boards.ts';
import { sketchStore, tutorialSketchKey } from '#web/lib/sketch-store.ts';
import UploadPanel from './upload-panel.tsx';

/** Web Serial whose chooser ends as `outcome` does (a test cannot drive the browser's own chooser). */
function serialWhoseChooser(outcome: () => Promise<never>) {
  Object.defineProperty(navigator, 'serial', { value: { requestPort: outcome }, configurable: true });
}

/** The device's pointers, as `matchMedia` reports them. */
function pointers({ coarse, fine }: { coarse: boolean; fine: boolean }) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      media: query,
      matches: query === '(pointer: coarse)' ? coarse : query === '(any-pointer: fine)' ? fine : false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

const original = { matchMedia: window.matchMedia, isSecureContext: window.isSecureContext };

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  pointers({ coarse: false, fine: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serial');
  Object.defineProperty(window, 'matchMedia', { value: original.matchMedia, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: original.isSecureContext, configurable: true });
});

const renderPanel = () =>
  render(<UploadPanel slug="plant-watering-robot" board="uno" title="Plant Watering Robot" userId={null} />);

describe('the upload panel', () => {
  // Moved from tests/e2e/upload.test.ts: what the panel offers is its own decision, no server is asked.
  test('where the browser has no Web Serial, says so and offers the .hex, the avrdude command and the .ino', () => {
    const slug = 'plant-watering-robot';
    // happy-dom, like Firefox and Safari, has no navigator.serial.
    expect('serial' in navigator).toBe(false);
    renderPanel();
    screen.getByText('This browser cannot talk to a board over USB.');
    expect(screen.getByRole('link', { name: 'Download .hex' }).getAttribute('href')).toBe(`/sketches/${slug}.hex`);
    expect(screen.getByRole('link', { name: /Download .ino/ }).getAttribute('href')).toBe(`/sketches/${slug}.ino`);
    expect(screen.getByText(avrdudeCommand('uno', `${slug}.hex`)).textContent).toContain(`flash:w:${slug}.hex:i`);
    expect(screen.queryByRole('button', { name: 'Upload to board' })).toBeNull();
  });

  test('where the browser has no Web Serial, a learner who changed the code downloads their version or the tutorial’s, each file saying which', async () => {
    const slug = 'plant-watering-robot';
    const userId = 'learner-who-downloads';
    const key = tutorialSketchKey(slug);
    const mine = '// Plant Watering Robot - RoboForge project 1\nvoid setup() {}\nvoid loop() { delay(100); }\n';
    await sketchStore.keepDraft(userId, key, mine, 1);
    // Compiled here before (Run), so the download needs no server.
    await sketchStore.keepProgram(userId, key, {
      hex: ':MY-VERSION\n',
      size: { flash: 924, ram: 9 },
      warnings: [],
      clock: { millis: 0x130, overflowCount: 0x12c },
      board: 'uno',
      source: mine,
      compiledAt: 1,
    });
    // The site's own files of the tutorial, as the server (or the offline app) serves them.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === `/sketches/${slug}.hex`) return new Response(':TUTORIAL\n');
      if (path === `/sketches/${slug}.ino`) return new Response('// Plant Watering Robot - RoboForge project 1\n');
      return new Response('not found', { status: 404 });
    });
    // What the browser is offered to save: each file's name and text.
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:download';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const saved = async (count: number) => {
      await waitFor(() => expect(names).toHaveLength(count));
      return { name: names[count - 1], text: await blobs[count - 1]?.text() };
    };

    render(<UploadPanel slug={slug} board="uno" title="Plant Watering Robot" userId={userId} />);
    const yours = await screen.findByRole('radio', { name: /Your version/ });
    expect((yours as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Download .hex' }));
    expect(await saved(1)).toEqual({ name: `${slug}-my-version.hex`, text: ':MY-VERSION\n' });
    screen.getByText(avrdudeCommand('uno', `${slug}-my-version.hex`));
    fireEvent.click(screen.getByRole('button', { name: 'Download .ino for the Arduino IDE' }));
    const myIno = await saved(2);
    expect(myIno.name).toBe(`${slug}-my-version.ino`);
    expect(myIno.text?.split('\n')[0]).toMatch(
      /^\/\/ My version of the Plant Watering Robot sketch \(changed .+\), not the tutorial's\.$/,
    );
    expect(myIno.text).toContain('delay(100)');

    fireEvent.click(screen.getByRole('radio', { name: 'The tutorial’s program' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download .hex' }));
    expect(await saved(3)).toEqual({ name: `${slug}-tutorial.hex`, text: ':TUTORIAL\n' });
    screen.getByText(avrdudeCommand('uno', `${slug}-tutorial.hex`));
    fireEvent.click(screen.getByRole('button', { name: 'Download .ino for the Arduino IDE' }));
    expect(await saved(4)).toEqual({
      name: `${slug}-tutorial.ino`,
      text: "// The tutorial's Plant Watering Robot sketch, without my changes.\n// Plant Watering Robot - RoboForge project 1\n",
    });
  });

  test('says so when the chooser is closed without choosing a port', async () => {
    serialWhoseChooser(() => Promise.reject(new DOMException('No port selected by the user.', 'NotFoundError')));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Upload to board' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No port was chosen');
    expect(alert.textContent).toContain('Is the list empty?');
  });

  test('says so when the browser does not show the chooser', async () => {
    serialWhoseChooser(() => Promise.reject(new DOMException('Blocked by permissions policy.', 'SecurityError')));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Only open the serial monitor' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list of ports did not open');
  });

  test('on a phone or tablet, says plainly that uploading needs a computer', () => {
    pointers({ coarse: true, fine: false });
    serialWhoseChooser(() => Promise.reject(new DOMException('unused', 'NotFoundError')));
    renderPanel();
    expect(screen.getByText('Uploading to a board needs a computer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload to board' })).toBeNull();
  });

  test('a tablet with a trackpad attached is a computer', () => {
    pointers({ coarse: true, fine: true });
    serialWhoseChooser(() => Promise.reject(new DOMException('unused', 'NotFoundError')));
    renderPanel();
    expect(screen.getByRole('button', { name: 'Upload to board' })).toBeTruthy();
  });
});
