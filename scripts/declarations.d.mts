/**
 * Type-check the library and write its declarations into `outDir` (default: the project's,
 * dist/types); `registries` are the declaration files that augment a module, which the entry
 * points import.
 */
export function buildDeclarations(options?: { project?: string; outDir?: string }): { outDir: string; registries: string[] }
