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
