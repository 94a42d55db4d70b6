import { encodeQR } from 'qr';

/**
 * A QR code of `text` as a small SVG, made at build time for paper (the tutorial page's print
 * view): dark modules as one stroked path of horizontal runs, four modules of quiet zone, medium error
 * correction (a code printed on a home printer and scanned off a workbench survives a smudge).
 */
export function qrSvg(text: string, title: string): string {
  const rows = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const size = rows.length;
  let path = '';
  rows.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `M${start} ${y + 0.5}h${x - start + 1}`;
    }
  });
  const escaped = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 4}" height="${size * 4}" shape-rendering="crispEdges"><title>${escaped}</title><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" stroke="#000"/></svg>`;
}
