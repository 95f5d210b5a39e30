/** Writes the data directory's database to `file` (a gzip tarball); its size in bytes. The server must be stopped. */
export function backupDataDir(dataDir: string, file: string): Promise<number>
/** Makes `dataDir` (empty or missing) a copy of the database in `file`. */
export function restoreDataDir(file: string, dataDir: string): Promise<void>
