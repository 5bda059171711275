/**
 * SPEC §4: account history merges newly loaded pages into what is shown by id, without duplicates. A later copy
 * of an item replaces the earlier one in place (its status may have changed); new items are appended in order.
 */
export function mergeById<T>(existing: readonly T[], incoming: readonly T[], idOf: (item: T) => number): T[] {
  const result = [...existing];
  const index = new Map<number, number>();
  result.forEach((item, i) => index.set(idOf(item), i));
  for (const item of incoming) {
    const id = idOf(item);
    const at = index.get(id);
    if (at === undefined) {
      index.set(id, result.length);
      result.push(item);
    } else {
      result[at] = item;
    }
  }
  return result;
}
