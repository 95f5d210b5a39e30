/** The secure frame's page script (built by ../build.mjs into the frame site's main-<hash>.js). */
import { startFrame } from './start'

void startFrame(window)
