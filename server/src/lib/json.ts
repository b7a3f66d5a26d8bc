/** Parses stored JSON; text that is not JSON is handed back as it is (a member's export keeps it). */
export function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
