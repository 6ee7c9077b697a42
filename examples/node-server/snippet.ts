import { Hearback, HearbackApiError } from '@hearback/node';

const hearback = new Hearback({
  apiKey: process.env.HEARBACK_API_KEY ?? '', // hb_… with the collect, read and write scopes
  baseUrl: process.env.HEARBACK_URL ?? 'http://localhost:3000',
  orgId: process.env.HEARBACK_ORG_ID, // org_…
});

// Resolves once the event is stored; retries are safe (one Idempotency-Key per call).
const { id } = await hearback.collect({
  inboxKey: process.env.HEARBACK_INBOX_KEY ?? '', // ibx_…
  type: 'nps',
  score: 4,
  comment: 'Checkout was slow',
  context: { source: 'server', userId: 'u_42' },
});
console.log(`Stored ${id}`);

// Every page of unhappy, untriaged NPS feedback: triage it and link an issue.
for await (const feedback of hearback.feedback.list({ type: 'nps', scoreMax: 6, status: 'new' })) {
  await hearback.feedback.update(feedback.id, {
    status: 'triaged',
    issueLink: { url: 'https://github.com/acme/app/issues/12' },
  });
}

// Figures for the NPS responses, then feedback found by meaning, not exact words (each search
// counts against the plan's monthly allowance).
const stats = await hearback.feedback.stats({ type: 'nps' });
console.log(`NPS ${stats.nps.score} over ${stats.nps.responses} responses`);
const { data } = await hearback.search('paying takes forever', { limit: 5 });
for (const { feedback, score } of data) console.log(score.toFixed(2), feedback.comment);

try {
  await hearback.feedback.get('fb_unknown');
} catch (error) {
  if (!HearbackApiError.isInstance(error) || error.code !== 'not_found') throw error;
  console.log(`${error.code} (${error.status}), request ${error.requestId}`);
}
