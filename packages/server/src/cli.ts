#!/usr/bin/env node
// The `hearback` command. Its stack traces name src/*.ts lines: the bundle in dist/ carries source
// maps (scripts/bundle-cli.mjs), and Node reads a module's map when it compiles the module, so only
// for modules compiled after this call: the commands load below, by a dynamic import. Reading the
// maps costs 5–9 % of a start's CPU (README, "When something fails: stack traces").
process.setSourceMapsEnabled(true);
await import('./cli/program.js');
