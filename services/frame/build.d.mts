export interface BuiltFile {
  /** Relative to `outdir`. */
  path: string
  bytes: number
  gzipBytes: number
}

export interface FrameBuild {
  outdir: string
  /** The script's file name (`main-<hash>.js`). */
  script: string
  files: BuiltFile[]
  /** Every file bundled (absolute paths). */
  inputs: string[]
}

/** Bundle the secure frame into `outdir` (default dist/frame): index.html and main-<hash>.js. */
export function buildFrame(options?: { outdir?: string }): Promise<FrameBuild>
