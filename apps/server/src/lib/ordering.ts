import type { ReorderBody } from '@hireloop/contract/ordering';
import type { Db } from '../db/client.ts';
import { type AppError, validationFailed } from '../http/errors.ts';
import type { Actor } from '../http/organisation-scope.ts';
import { actorNameOf } from '../features/actors/service.ts';
import { recordAudit, type AuditEntry } from '../features/audit/service.ts';
import { isUuid } from './ids.ts';

/**
 * Throws 422 with a message per out-of-range field unless both 1-based positions name an item
 * of a list of `total` (the caller holds the list's lock, so the answer stays true).
 */
export function assertReorderInRange(body: ReorderBody, total: number, plural: string) {
  if (total === 0) {
    const message = `There are no ${plural} to reorder.`;
    throw validationFailed({ original: [message], new: [message] });
  }
  const errors: Record<string, string[]> = {};
  const range = total === 1 ? 'The only position is 1.' : `Positions run from 1 to ${total}.`;
  if (body.original > total) errors.original = [`There is nothing at position ${body.original}. ${range}`];
  if (body.new > total) errors.new = [`Position ${body.new} is past the end of the list. ${range}`];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

type OrderedRow = { id: string; name: string; position: number };

/**
 * What an ordered list needs from its feature's repository: one organisation's rows at
 * positions 1…n without gaps, names unique ignoring case.
 */
export type OrderedListRepository<Row extends OrderedRow, Values> = {
  /** Serialises writes to the organisation's list until the transaction ends. */
  lock(tx: Db, organisationId: string): Promise<void>;
  count(tx: Db, organisationId: string): Promise<number>;
  find(tx: Db, organisationId: string, id: string): Promise<Row | undefined>;
  findAt(tx: Db, organisationId: string, position: number): Promise<Row | undefined>;
  all(tx: Db, organisationId: string): Promise<Row[]>;
  nameTaken(tx: Db, organisationId: string, name: string, exceptId?: string): Promise<boolean>;
  insert(tx: Db, organisationId: string, rows: Array<Values & { position: number }>): Promise<Row[]>;
  /** Deletes the row and closes the gap it leaves. */
  remove(tx: Db, organisationId: string, row: Row): Promise<void>;
  /** Moves the row at `from` to `to`; the ones in between shift by one towards `from`. */
  move(tx: Db, organisationId: string, id: string, from: number, to: number): Promise<void>;
};

export type OrderedListSpec<Row extends OrderedRow, Values, Item extends Record<string, unknown>> = {
  repository: OrderedListRepository<Row, Values>;
  present: (row: Row) => Item;
  /** The audit log's target type; actions are `<target>.created|deleted|moved` and what `audit` is given. */
  target: string;
  /** As in “There are no experience levels to reorder.” */
  plural: string;
  notFound: () => AppError;
  nameTaken: () => AppError;
  /** A feature's own rule against deleting this row (throw to refuse); runs under the lock. */
  beforeRemove?: (tx: Db, organisationId: string, row: Row) => Promise<void>;
};

/** What a change to one list gets inside its locked transaction. */
export type OrderedListWrite<Row> = {
  tx: Db;
  /** The row, or 404 (also for another organisation's row or a malformed id). */
  existing(id: string): Promise<Row>;
  /** 409 when another row (not `exceptId`) has this name, ignoring case. */
  assertNameFree(name: string, exceptId?: string): Promise<void>;
  audit(verb: string, entry: Pick<AuditEntry, 'targetId' | 'before' | 'after'>): Promise<void>;
};

/**
 * The service side of an organisation's ordered list (experience levels, pipeline stages):
 * every write takes the list's lock, appends at the end, closes the gap on delete, moves by
 * 1-based positions and records the change in the audit log in the same transaction.
 * Each feature keeps its own repository (the tables differ), messages and extra rules.
 */
export function createOrderedList<Row extends OrderedRow, Values extends { name: string }, Item extends Record<string, unknown>>(
  db: Db,
  spec: OrderedListSpec<Row, Values, Item>,
) {
  const { repository: repo, present, target } = spec;

  /** Runs `work` in a transaction holding the organisation's list lock. */
  async function write<T>(organisationId: string, actor: Actor, work: (w: OrderedListWrite<Row>) => Promise<T>): Promise<T> {
    const actorName = await actorNameOf(db, actor);
    return db.transaction(async (tx) => {
      await repo.lock(tx, organisationId);
      return work({
        tx,
        async existing(id) {
          const row = isUuid(id) ? await repo.find(tx, organisationId, id) : undefined;
          if (!row) throw spec.notFound();
          return row;
        },
        async assertNameFree(name, exceptId) {
          if (await repo.nameTaken(tx, organisationId, name, exceptId)) throw spec.nameTaken();
        },
        audit: (verb, entry) =>
          recordAudit(tx, { organisationId, actor, actorName, action: `${target}.${verb}`, targetType: target, ...entry }),
      });
    });
  }

  return {
    write,

    /** Appended at the end of the list. */
    create(organisationId: string, actor: Actor, values: Values) {
      return write(organisationId, actor, async ({ tx, assertNameFree, audit }) => {
        await assertNameFree(values.name);
        const [row] = await repo.insert(tx, organisationId, [{ ...values, position: (await repo.count(tx, organisationId)) + 1 }]);
        if (!row) throw new Error('insert returned no row');
        const item = present(row);
        await audit('created', { targetId: row.id, after: item });
        return item;
      });
    },

    /** The rows after it move up one place. */
    async remove(organisationId: string, actor: Actor, id: string) {
      await write(organisationId, actor, async ({ tx, existing, audit }) => {
        const row = await existing(id);
        await spec.beforeRemove?.(tx, organisationId, row);
        await repo.remove(tx, organisationId, row);
        await audit('deleted', { targetId: id, before: present(row) });
      });
    },

    /** Moves the row at `original` to `new` (both 1-based); returns the whole list in its new order. */
    reorder(organisationId: string, actor: Actor, body: ReorderBody) {
      return write(organisationId, actor, async ({ tx, audit }) => {
        assertReorderInRange(body, await repo.count(tx, organisationId), spec.plural);
        if (body.original !== body.new) {
          const moving = await repo.findAt(tx, organisationId, body.original);
          if (!moving) throw new Error(`${spec.plural} positions of ${organisationId} are not contiguous`);
          await repo.move(tx, organisationId, moving.id, body.original, body.new);
          await audit('moved', {
            targetId: moving.id,
            before: { name: moving.name, position: body.original },
            after: { name: moving.name, position: body.new },
          });
        }
        return (await repo.all(tx, organisationId)).map(present);
      });
    },
  };
}
