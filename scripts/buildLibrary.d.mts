/** One output of the library build, in the shape of an esbuild metafile output (paths relative to the outdir). */
export interface LibraryOutput {
  readonly bytes: number
  /** The source file of an entry chunk (a configured entry or a dynamic import's target). */
  readonly entryPoint?: string
  /** The source files in it (relative to the project) and the bytes each renders to. */
  readonly inputs: Record<string, { readonly bytesInOutput: number }>
  readonly imports: { readonly path: string; readonly kind: 'import-statement' | 'dynamic-import'; readonly external: boolean }[]
}
export interface LibraryBuild {
  readonly outputs: Record<string, LibraryOutput>
}
export const LIBRARY_ENTRIES: Record<string, string>
/** Build `entryPoints` (default: the library's) into `outdir`; `write: false` builds without writing; `sourcemap: true` writes each file's map beside it. */
export function buildLibrary(options: {
  outdir: string
  entryPoints?: Record<string, string>
  root?: string
  write?: boolean
  sourcemap?: boolean
}): Promise<LibraryBuild>
