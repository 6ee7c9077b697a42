export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface IsolationOptions<O> {
  /** Hears each item as soon as its part is done, before later parts are tried. */
  onSettled?: ((index: number, outcome: Settled<O>) => void) | undefined;
  /**
   * Whether a failure may come from some item of the part, so that committing it in smaller parts
   * may get the others through (default: every failure). A failure that would fail each item alone
   * just the same (the database is unreachable, say) fails the part at once instead.
   */
  mayBeItemFailure?: ((error: unknown) => boolean) | undefined;
}

/**
 * Failure isolation for a write of many items that is all or nothing (one transaction, one
 * statement): `commit` either settles every item or throws having stored none. When it throws,
 * each half is committed again on its own, and so on down to single items, so that an item whose
 * write fails fails alone with its own error, and every item that would have been stored alone is
 * stored. Halving rather than going item by item keeps the cost bounded: no extra write when
 * nothing fails, about 2·log2(n) more for one failing item among n (n − 1 more when all fail).
 * Halves are committed one after the other, in order, so a later item sees what an earlier one
 * stored (a repeated idempotency key finds its original).
 *
 * @example
 * const outcomes = await commitIsolatingFailures(rows, (part) => store.transaction((tx) => insert(tx, part)));
 */
export async function commitIsolatingFailures<I, O>(
  items: readonly I[],
  commit: (items: I[]) => Promise<Settled<O>[]>,
  { onSettled, mayBeItemFailure = () => true }: IsolationOptions<O> = {},
): Promise<Settled<O>[]> {
  const outcomes: Settled<O>[] = new Array(items.length);
  const settle = (index: number, outcome: Settled<O>) => {
    outcomes[index] = outcome;
    onSettled?.(index, outcome);
  };
  const commitPart = async (start: number, end: number): Promise<void> => {
    let settled: Settled<O>[];
    try {
      settled = await commit(items.slice(start, end));
    } catch (error) {
      if (end - start === 1 || !mayBeItemFailure(error)) {
        for (let index = start; index < end; index++) settle(index, { ok: false, error });
        return;
      }
      const middle = start + Math.ceil((end - start) / 2);
      await commitPart(start, middle);
      await commitPart(middle, end);
      return;
    }
    for (let index = start; index < end; index++) {
      settle(index, settled[index - start] ?? { ok: false, error: new Error('The commit returned no outcome.') });
    }
  };
  if (items.length > 0) await commitPart(0, items.length);
  return outcomes;
}
