/** The built bundle of `entry` (a path from the repository root), bundled first when it is missing or stale. */
export function builtEntry(entry: string): Promise<string>;
