import { findCircuit } from '#shared/content/circuits.ts';
import type { Blocks } from '#web/lib/use-saved-sketch.ts';

/**
 * A new sketch made with blocks: a starter's blocks (or empty "when the board starts" and "forever"
 * blocks) and the C++ they make, so the account holds a sketch that compiles from its first save.
 * Loads the generator (and Blockly) on first use.
 */
export async function blocksToStart(
  circuit: string,
  starterId: string | null,
): Promise<{ blocks: Blocks; source: string }> {
  const found = findCircuit(circuit);
  if (!found) throw new Error(`No circuit ${circuit}`);
  const [{ sketchFromBlocks }, { BLOCK_STARTERS, emptyBlocks }] = await Promise.all([
    import('#web/features/blocks/lib/arduino-generator.ts'),
    import('#web/features/blocks/lib/block-starters.ts'),
  ]);
  const starter = starterId === null ? undefined : BLOCK_STARTERS.find((s) => s.id === starterId);
  if (starterId !== null && !starter) throw new Error(`No blocks starter ${starterId}`);
  const blocks = (starter?.blocks ?? emptyBlocks()) as Blocks;
  return { blocks, source: sketchFromBlocks(blocks, found).source };
}
