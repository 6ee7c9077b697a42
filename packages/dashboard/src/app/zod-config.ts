// zod compiles its object parsers with `new Function` unless configured `jitless`, and even its
// probe for eval is reported as a violation of the page's CSP (`script-src 'self'`). Schemas read
// the setting when they are built, in the screens' lazy chunks; zod keeps its configuration on this
// global and adopts one already there, so setting it here, first, spares the inbox's first load
// zod's own module (4 KB gzip for `z.config()`). The Chromium suite's CSP checks catch a zod that
// would read it elsewhere. Validation messages are not configured here: checkInput (@hearback/inputs)
// passes the plain messages with each parse, so forms read what the server answers.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
