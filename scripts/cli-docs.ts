// Writes docs/cli.md's flag lists from the commands' tables (src/cli/flags-doc.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { withFlagsDoc } from '../src/cli/flags-doc';

const file = new URL('../docs/cli.md', import.meta.url);
writeFileSync(file, withFlagsDoc(readFileSync(file, 'utf8')));
