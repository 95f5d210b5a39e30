/** A folder holding the secure frame's build (index.html and main-<hash>.js), built first if nothing cached matches its inputs. */
export function cachedFrameBuild(): Promise<string>
