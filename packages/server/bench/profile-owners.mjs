#!/usr/bin/env node
/**
 * Where a server's CPU goes, per request and per source file of ours: reads a V8 CPU profile (as
 * `bench/collect.mjs --cpu-prof DIR` writes one per server) and charges each sample to the nearest
 * frame on its stack that is our own code, mapped back to its TypeScript source through the build's
 * source maps. Time spent inside a library or node on our behalf (zod, kysely, the pg protocol, a
 * `writev`) is charged to the function of ours that called it, and shown beside it by what ran.
 * A native call (a better-sqlite3 statement, a socket write) shows as the JavaScript frame that made
 * it. Garbage collection, idle time and samples with no frame of ours are shown on their own. Together
 * they answer "which of our lines does a request pay for", which self time alone hides (a bundled
 * build names chunks, not files, and most time is spent below our code).
 *
 * Usage: node bench/profile-owners.mjs PROFILE.cpuprofile [--requests N] [--top 40]
 * With --requests (the requests the profiled process served), figures are µs a request; else
 * shares of the process's busy time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './options.mjs';

const isProfile = (arg) => arg.endsWith('.cpuprofile');
const args = benchOptions(
  {
    requests: { type: 'string' },
    top: { type: 'string', default: '40' },
    help: { type: 'boolean', default: false },
  },
  process.argv.slice(2).filter((arg) => !isProfile(arg)),
);
const file = process.argv.slice(2).find(isProfile);
if (args.help || !file) {
  process.stdout.write('node bench/profile-owners.mjs PROFILE.cpuprofile [--requests N] [--top n=40]\n');
  process.exit(args.help ? 0 : 2);
}
const requests = args.requests === undefined ? undefined : Number(args.requests);
const top = Number(args.top);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

/** Pseudo-frames V8 records on its own: reported as they are, never charged to a caller. */
const ENGINE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

const maps = new Map();
function sourceMapOf(url) {
  if (!url.startsWith('file:')) return undefined;
  if (!maps.has(url)) {
    const path = fileURLToPath(url);
    maps.set(
      url,
      existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : undefined,
    );
  }
  return maps.get(url);
}

/** A frame as `{ ours, name }`: ours when its source is outside node_modules, named by source file. */
const frames = new Map();
function frameOf(id) {
  if (frames.has(id)) return frames.get(id);
  const { callFrame } = nodes.get(id);
  const fn = callFrame.functionName || '(anonymous)';
  const entry = sourceMapOf(callFrame.url)?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
  const source = entry?.originalSource;
  let frame;
  if (!source) frame = { ours: false, name: callFrame.url ? `${fn} ${callFrame.url.replace(/.*\//, '')}` : fn };
  else if (source.includes('node_modules')) {
    // The package and its file: kysely's sqlite-driver.js is where better-sqlite3 runs SQLite.
    const pkg = source.replace(/.*node_modules\/(?:\.pnpm\/)?([^/]+).*/, '$1');
    frame = { ours: false, name: `${pkg} ${source.replace(/.*\//, '')}` };
  } else frame = { ours: true, name: `${source.replace(/^(\.\.\/)+/, '')} ${fn}` };
  frames.set(id, frame);
  return frame;
}

const selfTime = new Map();
for (const [index, id] of profile.samples.entries()) {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}

const byOwner = new Map();
const byOwnerAndLeaf = new Map();
let busy = 0;
const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);
for (const [id, time] of selfTime) {
  const leaf = frameOf(id);
  if (leaf.name === '(idle)') continue;
  busy += time;
  if (ENGINE.has(leaf.name)) {
    add(byOwner, leaf.name, time);
    continue;
  }
  let owner;
  for (let at = id; at !== undefined && !owner; at = parents.get(at)) if (frameOf(at).ours) owner = frameOf(at).name;
  owner ??= `(no frame of ours) ${leaf.name}`;
  add(byOwner, owner, time);
  if (!leaf.ours) add(byOwnerAndLeaf, `${owner}  ← ${leaf.name}`, time);
}

const figure = (time) =>
  requests ? `${(time / requests).toFixed(2).padStart(8)} µs` : `${((100 * time) / busy).toFixed(1).padStart(6)} %`;
const print = (title, map) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${figure(time)}  ${key}\n`);
  }
};
process.stdout.write(
  `${file}: busy ${(busy / 1000).toFixed(0)} ms${requests ? `, ${(busy / requests).toFixed(1)} µs a request` : ''}\n`,
);
print('by the nearest function of ours', byOwner);
print('of which inside libraries or node, by what ran', byOwnerAndLeaf);
