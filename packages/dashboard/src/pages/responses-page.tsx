import type { FeedbackPage, PageResponse } from '@hearback/client';
import { isAnswerable, valueOfQuestion } from '@hearback/forms';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog, confirmFor } from '../ui/confirm-dialog.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { answerText } from './answer-text.js';
import { PageFrame } from './page-frame.js';
import { pageKey, pagesKey, responsesQuery } from './page-queries.js';
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

/** Deletes one response after asking; the table and the page's figures follow. */
function useDeleteResponse(orgId: string, pageId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: PageResponse) =>
      dataOf(
        api.DELETE('/organizations/{orgId}/feedback-pages/{pageId}/responses/{responseId}', {
          params: { path: { orgId, pageId, responseId: response.id } },
        }),
      ),
    onSuccess: async (_result, response) => {
      onDeleted();
      // Gone from the table at once, not when the refetch answers.
      queryClient.setQueryData(
        responsesQuery(orgId, pageId).queryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((result) => ({
              ...result,
              data: result.data.filter((item) => item.id !== response.id),
            })),
          },
      );
      // The analytics and the list's response counts count it no longer.
      await queryClient.invalidateQueries({ queryKey: pageKey(orgId, pageId) });
      await queryClient.invalidateQueries({ queryKey: pagesKey(orgId), exact: false });
    },
  });
}

function ResponsesTable({ orgId, page }: { orgId: string; page: FeedbackPage }) {
  const { may } = usePermissions();
  const responses = useInfiniteQuery(responsesQuery(orgId, page.id));
  const rows = responses.data?.pages.flatMap((result) => result.data) ?? [];
  const [deleting, setDeleting] = useState<PageResponse | null>(null);
  const remove = useDeleteResponse(orgId, page.id, () => setDeleting(null));
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
  if (may('deletePageResponse'))
    columns.push({
      header: 'Actions',
      hideHeader: true,
      cell: (response) => (
        <Button
          variant="quiet"
          aria-label={`Delete the response of ${submittedAt(response)}`}
          onClick={() => setDeleting(response)}
        >
          Delete
        </Button>
      ),
    });
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
      {/* Goes with the act it offers: a role changed meanwhile (see followAccessChanges) closes it. */}
      {may('deletePageResponse') && (
        <ConfirmDialog
          title="Delete this response?"
          confirmLabel="Delete response"
          {...confirmFor(deleting, () => setDeleting(null), remove)}
        >
          <p>
            The response of {deleting ? submittedAt(deleting) : ''} is deleted with its answers and contact details (for
            spam, or a respondent who asks to be erased). The page's analytics count it no longer. This cannot be
            undone.
          </p>
        </ConfirmDialog>
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
