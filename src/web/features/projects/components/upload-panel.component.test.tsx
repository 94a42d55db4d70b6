import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { avrdudeCommand } from '#shared/content/boards.ts';
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
