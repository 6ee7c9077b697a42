// package.json sits one level above both src/ and dist/ and is always published: the version is
// the one `changeset version` writes, so it cannot drift. A JSON module, not `createRequire`: this
// entry loads without Node built-ins (see index.test.ts).
import pkg from '../package.json' with { type: 'json' };

/** This package's version, from its package.json. */
export const MCP_PACKAGE_VERSION: string = pkg.version;
