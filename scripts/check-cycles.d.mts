export declare const CYCLE_ROOTS: string[];
/** The import cycles under `roots` (relative to `root`), each as the list of files around it. */
export declare function findCycles(root?: string, roots?: string[]): Promise<{ cycles: string[][]; files: number }>;
