// `pnpm start`: a throwaway Hearback server and these pages, for trying the widget by hand.
// Needs `pnpm build` first (the server and widget.js).
import { startHearback } from '@hearback/test-utils';
import { serveExample } from './site.js';

const hearback = await startHearback();
const site = await serveExample(hearback, Number(process.env.PORT ?? 5173));
console.log(`Hearback server: ${hearback.url} (org ${hearback.orgId}, admin key ${hearback.adminKey})`);
for (const page of [
  'index.html?type=nps',
  'inline.html?type=emoji',
  'programmatic.html?type=csat',
  'csp.html?type=stars',
]) {
  console.log(`  ${site.url}/${page}`);
}
console.log('Ctrl+C to stop; feedback rows: GET /organizations/:orgId/feedback with the admin key.');
const stop = async () => {
  await site.close();
  await hearback.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
