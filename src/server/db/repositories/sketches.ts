import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Sketch, SketchSummary } from '#shared/schemas/sketches.ts';
import type { Database } from '../database.ts';
import type { SketchesTable } from '../schema.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { isUniqueViolation } from './unique-violation.ts';

/** What a save found: written (new or changed), refused for a newer revision, or not the caller's. */
export type SaveResult =
  | { readonly outcome: 'created' | 'updated'; readonly sketch: Sketch }
  | { readonly outcome: 'changed'; readonly current: Sketch }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'limit' };

/**
 * A learner's saved code. Every method is scoped to one user id, which comes from the token only:
 * nobody reads or writes another's sketch through here (a teacher's read of a learner's tutorial
 * version is `tutorialVersionOf`, which the route calls after checking the class).
 */
export function sketchesRepository({ db }: Database) {
  const own = (trx: Executor, userId: string) => trx.selectFrom('sketches').where('user_id', '=', userId);

  async function save(
    trx: Executor,
    current: Sketch | undefined,
    next: {
      id: string;
      userId: string;
      kind: Sketch['kind'];
      circuit: string;
      name: string;
      source: string;
      blocks: string | null;
    },
    baseRevision: number | null,
    now: Date,
  ): Promise<SaveResult> {
    const at = now.toISOString();
    if (current) {
      if (baseRevision !== current.revision) return { outcome: 'changed', current };
      const same =
        current.source === next.source &&
        current.name === next.name &&
        current.circuit === next.circuit &&
        blocksText(current.blocks) === next.blocks;
      if (same) {
        return { outcome: 'updated', sketch: current };
      }
      const sketch = await trx
        .updateTable('sketches')
        .set({
          name: next.name,
          circuit: next.circuit,
          source: next.source,
          blocks: next.blocks,
          revision: current.revision + 1,
          updated_at: at,
        })
        .where('id', '=', current.id)
        .where('revision', '=', current.revision)
        .returningAll()
        .executeTakeFirst();
      // Another write landed between the read and this one: the client hears of the newer revision.
      if (!sketch) return { outcome: 'changed', current: await byId(trx, current.id) };
      return { outcome: 'updated', sketch: strip(sketch) };
    }
    // None stored: a first save, or one the client based on a revision deleted elsewhere since; either
    // way its text is kept, as a new first revision.
    const sketch = await trx
      .insertInto('sketches')
      .values({
        id: next.id,
        user_id: next.userId,
        kind: next.kind,
        circuit: next.circuit,
        name: next.name,
        source: next.source,
        blocks: next.blocks,
        revision: 1,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { outcome: 'created', sketch: strip(sketch) };
  }

  const byId = async (trx: Executor, id: string) =>
    strip(await trx.selectFrom('sketches').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

  return {
    async list(userId: string, trx: Executor = db): Promise<SketchSummary[]> {
      const rows = await own(trx, userId)
        .select(['id', 'kind', 'circuit', 'name', 'revision', 'created_at', 'updated_at'])
        .select((eb) => eb('blocks', 'is not', null).as('with_blocks'))
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(({ with_blocks, ...summary }) => ({
        ...summary,
        made_with: with_blocks ? ('blocks' as const) : ('code' as const),
      }));
    },

    /** Everything the account saved, in full: for its data export. */
    async exportAll(userId: string, trx: Executor = db): Promise<Sketch[]> {
      const rows = await own(trx, userId).selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(strip);
    },

    async tutorialVersion(userId: string, slug: string, trx: Executor = db): Promise<Sketch | null> {
      const row = await own(trx, userId)
        .selectAll()
        .where('kind', '=', 'tutorial')
        .where('circuit', '=', slug)
        .executeTakeFirst();
      return row ? strip(row) : null;
    },

    async ownSketch(userId: string, id: string, trx: Executor = db): Promise<Sketch | null> {
      const row = await own(trx, userId).selectAll().where('kind', '=', 'own').where('id', '=', id).executeTakeFirst();
      return row ? strip(row) : null;
    },

    /** Writes the learner's version of a tutorial, unless a newer revision than `baseRevision` is stored. */
    async saveTutorialVersion(
      userId: string,
      slug: string,
      source: string,
      baseRevision: number | null,
      now = new Date(),
    ): Promise<SaveResult> {
      try {
        return await inTransaction(db, async (trx) => {
          const current = (await this.tutorialVersion(userId, slug, trx)) ?? undefined;
          const next = {
            id: current?.id ?? randomUUID(),
            userId,
            kind: 'tutorial' as const,
            circuit: slug,
            name: '',
            source,
            blocks: null,
          };
          return save(trx, current, next, baseRevision, now);
        });
      } catch (error) {
        // Two first saves at once (two devices): the second hears of the first's revision.
        if (!isUniqueViolation(error)) throw error;
        const current = await this.tutorialVersion(userId, slug);
        if (!current) throw error;
        return { outcome: 'changed', current };
      }
    },

    /** Creates or updates one of the learner's own sketches by the id their device chose. */
    async saveOwnSketch(
      userId: string,
      id: string,
      fields: { name: string; circuit: string; source: string; blocks: Sketch['blocks'] },
      baseRevision: number | null,
      limit: number,
      now = new Date(),
    ): Promise<SaveResult> {
      try {
        return await inTransaction(db, async (trx) => {
          const row = await trx.selectFrom('sketches').selectAll().where('id', '=', id).executeTakeFirst();
          // Another account's id, or a tutorial version's: as if it did not exist, and untouched.
          if (row && (row.user_id !== userId || row.kind !== 'own')) return { outcome: 'not_found' as const };
          if (!row) {
            const { n } = await own(trx, userId)
              .where('kind', '=', 'own')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow();
            if (Number(n) >= limit) return { outcome: 'limit' as const };
          }
          const next = { id, userId, kind: 'own' as const, ...fields, blocks: blocksText(fields.blocks) };
          return save(trx, row ? strip(row) : undefined, next, baseRevision, now);
        });
      } catch (error) {
        // The same new id saved twice at once: the second hears of the first.
        if (!isUniqueViolation(error)) throw error;
        const current = await this.ownSketch(userId, id);
        if (!current) return { outcome: 'not_found' };
        return { outcome: 'changed', current };
      }
    },

    async removeTutorialVersion(userId: string, slug: string, trx: Executor = db): Promise<void> {
      await trx
        .deleteFrom('sketches')
        .where('user_id', '=', userId)
        .where('kind', '=', 'tutorial')
        .where('circuit', '=', slug)
        .execute();
    },

    async removeOwnSketch(userId: string, id: string, trx: Executor = db): Promise<void> {
      await trx
        .deleteFrom('sketches')
        .where('user_id', '=', userId)
        .where('kind', '=', 'own')
        .where('id', '=', id)
        .execute();
    },

    /** Which tutorials each of these learners has a version of (the class grid's "changed the code" mark). */
    async tutorialVersionsOf(userIds: readonly string[], trx: Executor = db): Promise<Map<string, string[]>> {
      const changed = new Map<string, string[]>();
      if (userIds.length === 0) return changed;
      const rows = await trx
        .selectFrom('sketches')
        .select(['user_id', 'circuit'])
        .where('kind', '=', 'tutorial')
        .where('user_id', 'in', [...userIds])
        .orderBy('circuit')
        .execute();
      for (const row of rows) changed.set(row.user_id, [...(changed.get(row.user_id) ?? []), row.circuit]);
      return changed;
    },
  };
}

/** A row as the API shows it: without its owner's id, its blocks as the object Blockly saved. */
function strip({ user_id: _owner, blocks, ...sketch }: Selectable<SketchesTable>): Sketch {
  return { ...sketch, blocks: blocks === null ? null : (JSON.parse(blocks) as Record<string, unknown>) };
}

/** Blocks as the database keeps them: JSON text, or null for a sketch written as text. */
const blocksText = (blocks: Sketch['blocks']) => (blocks === null ? null : JSON.stringify(blocks));
