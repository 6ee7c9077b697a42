#!/usr/bin/env node
// Committed rather than pointing `bin` at dist/: pnpm links a workspace package's bins at install
// time, before the first build, and warned for every dependent when the target did not exist yet.
import '../dist/bin/hearback-mcp.js';
