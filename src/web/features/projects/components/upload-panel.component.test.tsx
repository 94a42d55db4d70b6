import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { avrdudeCommand } from '#shared/content/boards.ts';
import UploadPanel from './upload-panel.tsx';

const SLUG = 'plant-watering-robot';

describe('the upload panel', () => {
  // Moved from tests/e2e/upload.test.ts: what the panel offers is its own decision, no server is asked.
  test('where the browser has no Web Serial, says so and offers the .hex, the avrdude command and the .ino', () => {
    // happy-dom, like Firefox and Safari, has no navigator.serial.
    expect('serial' in navigator).toBe(false);
    render(<UploadPanel slug={SLUG} board="uno" title="Plant Watering Robot" />);
    screen.getByText('This browser cannot talk to a board over USB.');
    expect(screen.getByRole('link', { name: 'Download .hex' }).getAttribute('href')).toBe(`/sketches/${SLUG}.hex`);
    expect(screen.getByRole('link', { name: /Download .ino/ }).getAttribute('href')).toBe(`/sketches/${SLUG}.ino`);
    expect(screen.getByText(avrdudeCommand('uno', `${SLUG}.hex`)).textContent).toContain(`flash:w:${SLUG}.hex:i`);
    expect(screen.queryByRole('button', { name: 'Upload to board' })).toBeNull();
  });
});
