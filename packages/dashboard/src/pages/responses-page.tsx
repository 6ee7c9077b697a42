import type { FeedbackPage, PageResponse } from '@hearback/client';
import { isAnswerable, valueOfQuestion } from '@hearback/forms';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { answerText } from './answer-text.js';
import { PageFrame } from './page-frame.js';
import { responsesQuery } from './page-queries.js';
import { pageResponsesRoute } from './pages-route.js';

const submittedAt = (response: PageResponse) =>
  new Date(response.createdAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

const contactText = (response: PageResponse) =>
  [response.contact?.name, response.contact?.email].filter(Boolean).join(' · ') || '—';

/**
 * The export as a download: a plain link, so the browser streams the file to disk with the session
 * cookie (the typed client would read the whole body into memory first).
 */
function exportUrl(orgId: string, pageId: string, format: 'csv' | 'ndjson'): string {
  const path = `/organizations/${encodeURIComponent(orgId)}/feedback-pages/${encodeURIComponent(pageId)}/responses/export`;
  return `${path}?format=${format}`;
}

function ResponsesTable({ orgId, page }: { orgId: string; page: FeedbackPage }) {
  const responses = useInfiniteQuery(responsesQuery(orgId, page.id));
  const rows = responses.data?.pages.flatMap((result) => result.data) ?? [];
  const columns: Column<PageResponse>[] = [
    { header: 'Submitted', cell: submittedAt },
    { header: 'Respondent', cell: contactText },
    ...page.questions
      .filter((question) => isAnswerable(question.type))
      .map((question, index) => ({
        // Numbered: two questions may share a title, and the header is the column's key.
        header: `${index + 1}. ${question.title}`,
        cell: (response: PageResponse) => (
          <span className="answer">{answerText(question, valueOfQuestion(response.answers, question.id))}</span>
        ),
      })),
  ];
  return (
    <section aria-labelledby="responses-heading">
      <div className="page-header">
        <h2 id="responses-heading">Responses</h2>
        <div className="page-actions">
          <a className="button" href={exportUrl(orgId, page.id, 'csv')} download>
            Export CSV
          </a>
          <a className="button" href={exportUrl(orgId, page.id, 'ndjson')} download>
            Export NDJSON
          </a>
        </div>
      </div>
      {responses.isError && <Alert>{problemFeedback(responses.error).formError}</Alert>}
      {responses.data && (
        <div className="table-scroll">
          <DataTable
            caption={`Responses to ${page.title}`}
            columns={columns}
            rows={rows}
            rowKey={(response) => response.id}
            empty={page.state === 'draft' ? 'No responses: publish the page to start collecting.' : 'No responses yet.'}
          />
        </div>
      )}
      {responses.hasNextPage && (
        <Button onClick={() => responses.fetchNextPage()} pending={responses.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </section>
  );
}

/** A page's responses, newest first, with their answers by question; exportable as CSV or NDJSON. */
export function ResponsesPage() {
  const { orgId, pageId } = pageResponsesRoute.useParams();
  return (
    <PageFrame orgId={orgId} pageId={pageId}>
      {(page) => <ResponsesTable orgId={orgId} page={page} />}
    </PageFrame>
  );
}
