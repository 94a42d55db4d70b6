import { Resvg } from '@resvg/resvg-js';
import { decodeQR } from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '../../src/shared/content/projects.ts';
import { videoAddress } from '../../src/shared/content/video.ts';
import { qrSvg } from './video-qr.ts';

describe('the QR code of a tutorial’s video, for paper', () => {
  it('scans back to the video’s address for every tutorial, drawn as the page prints it', () => {
    for (const project of PROJECTS) {
      const address = videoAddress(project.video.youtubeId);
      const svg = qrSvg(address, `QR code: ${project.video.title}`);
      expect(svg.length, project.slug).toBeLessThan(3 * 1024);
      // Rendered to pixels as a printer would, then read by a QR decoder.
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: 240 } }).render();
      const decoded = decodeQR({ width: image.width, height: image.height, data: image.pixels });
      expect(decoded, project.slug).toBe(address);
    }
  });
});
