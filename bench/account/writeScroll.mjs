// `node bench/account/writeScroll.mjs <file>`: writes bench/RESULTS.md's scrolling subsection
// (markers account-scroll) again from the figures a run saved (`SCROLL_DATA=<file> PARTS=scroll
// npm run bench:account`), without measuring: for a change of the subsection's text alone.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { writeResultsSection } from '../shared.mjs'
import { scrollSectionText } from './scrollSection.mjs'

const file = process.argv[2]
if (!file) throw new Error('usage: node bench/account/writeScroll.mjs <SCROLL_DATA file>')
const { ROUNDS, TRACE_ROUNDS, scrolls, tracedScrolls, scrollLoads } = JSON.parse(readFileSync(file, 'utf8'))
const section = scrollSectionText({ PARTS: new Set(['scroll']), ROUNDS, TRACE_ROUNDS, scrolls, tracedScrolls, scrollLoads })
writeResultsSection(fileURLToPath(new URL('../../', import.meta.url)), 'account-scroll', section)
console.log(section)
