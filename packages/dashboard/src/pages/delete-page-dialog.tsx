import type { FeedbackPage } from '@hearback/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button as AriaButton } from 'react-aria-components';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { pageKey, pagesKey, pagesQuery } from './page-queries.js';

/** Deletes a page and its responses after a confirmation naming both; then back to the list. */
export function DeletePageDialog({ orgId, page }: { orgId: string; page: FeedbackPage }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      dataOf(
        api.DELETE('/organizations/{orgId}/feedback-pages/{pageId}', { params: { path: { orgId, pageId: page.id } } }),
      ),
    onSuccess: async () => {
      // The list shows it gone at once (not the cached list until the refetch answers).
      queryClient.setQueryData(
        pagesQuery(orgId).queryKey,
        (list) => list && { ...list, data: list.data.filter((item) => item.id !== page.id) },
      );
      // The page is gone: nothing of its draft is left to save, so leaving asks nothing.
      await navigate({ to: '/orgs/$orgId/pages', params: { orgId }, ignoreBlocker: true });
      queryClient.removeQueries({ queryKey: pageKey(orgId, page.id) });
      await queryClient.invalidateQueries({ queryKey: pagesKey(orgId) });
    },
  });
  return (
    <ModalDialog
      title={`Delete “${page.title}”?`}
      trigger={<AriaButton className="button button-danger">Delete</AriaButton>}
    >
      {(close) => (
        <>
          <p>The page and every response to it are deleted for good. Its link stops working.</p>
          <Alert>{problemFeedback(remove.error).formError}</Alert>
          <div className="row">
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate()}>
              Delete page and responses
            </Button>
            <Button onClick={close}>Cancel</Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
