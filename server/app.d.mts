import type { Database } from './db/database.d.mts'
import type { ServerSettings } from './settings.d.mts'

export interface AirlockServer {
  /** Where it listens: the config API, auth and SIWX. */
  url: string
  /** The URL its mail and OAuth callbacks name (AIRLOCK_PUBLIC_URL, else `url`). */
  publicUrl: string
  /** The secure frame's origin. */
  frameUrl: string
  db: Database
  stop(): Promise<void>
}

export function startAirlockServer(settings: ServerSettings, options?: { log?: (line: string) => void; now?: () => number }): Promise<AirlockServer>
