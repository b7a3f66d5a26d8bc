/**
 * The chunks a chunk imports (directly or not), each once, in the order a browser runs them when
 * it runs that chunk: depth first, in the order of each chunk's imports, every chunk after the
 * ones it imports. The chunk itself is not in the list.
 */
export function chunkRunOrder(chunks: ReadonlyMap<string, { imports: readonly string[] }>, file: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>([file]);
  const visit = (current: string) => {
    const chunk = chunks.get(current);
    if (!chunk) throw new Error(`prerender: no chunk ${current}`);
    for (const imported of chunk.imports) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
      order.push(imported);
    }
  };
  visit(file);
  return order;
}

/**
 * The chunks of a screen's lazy chunk that can run before the app's entry, in run order: every
 * chunk `screen` imports (directly or not), then the screen's own chunk, less the entry, the
 * chunks that import the entry (directly or not: they may need what it sets up) and the chunks
 * of `before` (already run). Run one per task ahead of the entry, they spare the router's load of
 * the screen one long task.
 */
export function chunksBeforeEntry(
  chunks: ReadonlyMap<string, { imports: readonly string[] }>,
  screen: string,
  entry: string,
  before: readonly string[],
): string[] {
  const needsEntry = new Map<string, boolean>();
  const reachesEntry = (file: string, path = new Set<string>()): boolean => {
    if (file === entry) return true;
    const known = needsEntry.get(file);
    if (known !== undefined) return known;
    if (path.has(file)) return false;
    path.add(file);
    const found = (chunks.get(file)?.imports ?? []).some((imported) => reachesEntry(imported, path));
    path.delete(file);
    needsEntry.set(file, found);
    return found;
  };
  const done = new Set(before);
  return [...chunkRunOrder(chunks, screen), screen].filter((file) => !done.has(file) && !reachesEntry(file));
}
