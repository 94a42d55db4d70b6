/** The short address of a YouTube video: what a paper copy prints, and its QR code holds. */
export function videoAddress(youtubeId: string): string {
  return `https://youtu.be/${youtubeId}`;
}

/** Where the built site serves the QR code of each tutorial's video (scripts/tutorial-assets). */
export function videoQrPath(slug: string): string {
  return `/qr/${slug}.svg`;
}
