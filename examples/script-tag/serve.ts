// `pnpm start`: a throwaway Hearback server that serves these pages itself, for trying the
// widget by hand. Needs `pnpm build` first (the server and widget.js).
import { serveExample } from './site.js';

const site = await serveExample();
const { hearback } = site;
console.log(`Hearback server: ${hearback.url} (org ${hearback.orgId}, admin key ${hearback.adminKey})`);
console.log(`  ${site.page('index.html', { TYPE: 'nps' }, 'index.html')}`);
console.log(`  ${site.page('inline.html', { TYPE: 'emoji' }, 'inline.html')}`);
console.log(`  ${site.page('programmatic.html', { TYPE: 'csat' }, 'programmatic.html')}`);
console.log(`  ${site.page('csp.html', { TYPE: 'stars' }, 'csp.html')}`);
console.log('Ctrl+C to stop; feedback rows: GET /organizations/:orgId/feedback with the admin key.');
const stop = async () => {
  await site.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
