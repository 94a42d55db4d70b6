/** "2 × TT geared DC motors" → { quantity: '2', item: 'TT geared DC motors' }; no quantity → null. */
export function splitMaterial(material: string): { quantity: string | null; item: string } {
  const match = /^(\d+)\s*×\s*(.+)$/.exec(material);
  if (!match?.[1] || !match[2]) return { quantity: null, item: material };
  return { quantity: match[1], item: match[2] };
}
