import { BLOCK_STARTERS } from '#web/features/blocks/lib/block-starters.ts';
import { PlaygroundHome } from '#web/features/playground/components/playground-home.tsx';
import { blocksToStart } from './start-with-blocks.ts';

/** The blocks starters as cards (their blocks are plain data: Blockly itself loads only when one starts). */
const BLOCK_STARTER_CARDS = BLOCK_STARTERS.map(({ id, title, description }) => ({ id, title, description }));

/** `/playground`: the playground's page, with the blocks starters (a feature of their own) composed in. */
export default function PlaygroundPage({ userId }: { userId: string }) {
  return <PlaygroundHome userId={userId} blocks={{ starters: BLOCK_STARTER_CARDS, contentOf: blocksToStart }} />;
}
