import type { FeedbackPageSummary } from '@hearback/client';
import { PAGE_LIMITS } from '@hearback/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button as AriaButton } from 'react-aria-components';
import { api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { pagesQuery } from './page-queries.js';
import { PageStateBadge } from './page-state.js';
import { pagesRoute } from './pages-route.js';
import './pages.css';

/** A new draft page from its title (and a slug, else the server makes one); opens its builder. */
function CreatePageDialog({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (body: { title: string; slug?: string }) =>
      dataOf(api.POST('/organizations/{orgId}/feedback-pages', { params: { path: { orgId } }, body })),
    onSuccess: async (page) => {
      await queryClient.invalidateQueries({ queryKey: pagesQuery(orgId).queryKey });
      await navigate({ to: '/orgs/$orgId/pages/$pageId', params: { orgId, pageId: page.id } });
    },
  });
  const { validationErrors, formError } = problemFeedback(create.error);
  return (
    <ModalDialog
      title="New feedback page"
      trigger={<AriaButton className="button button-primary">New page</AriaButton>}
    >
      {(close) => (
        <Form
          className="stack"
          validationErrors={validationErrors}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const slug = String(data.get('slug') ?? '').trim();
            create.mutate({ title: String(data.get('title') ?? ''), ...(slug ? { slug } : {}) });
          }}
        >
          <TextField label="Title" name="title" required maxLength={PAGE_LIMITS.titleLength} autoFocus />
          <TextField
            label="Address"
            name="slug"
            description="The end of the page's public link; made from the title when left empty."
          />
          <Alert>{formError}</Alert>
          <div className="row">
            <Button type="submit" variant="primary" pending={create.isPending}>
              Create page
            </Button>
            <Button onClick={close}>Cancel</Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

/** The organization's feedback pages: title, address, state, and their screens. */
export function PagesListPage() {
  const { orgId } = pagesRoute.useParams();
  const { may } = usePermissions();
  const pages = useQuery(pagesQuery(orgId));
  const columns: Column<FeedbackPageSummary>[] = [
    {
      header: 'Title',
      cell: (page) => (
        <Link to="/orgs/$orgId/pages/$pageId" params={{ orgId, pageId: page.id }}>
          {page.title}
        </Link>
      ),
    },
    { header: 'Address', cell: (page) => <code>{page.slug}</code> },
    { header: 'State', cell: (page) => <PageStateBadge state={page.state} /> },
    { header: 'Questions', cell: (page) => page.questions.length },
    {
      header: 'Responses',
      cell: (page) => (
        <Link to="/orgs/$orgId/pages/$pageId/responses" params={{ orgId, pageId: page.id }}>
          {page.responseCount.toLocaleString('en')}
          <span className="visually-hidden">
            {' '}
            {page.responseCount === 1 ? 'response' : 'responses'} to {page.title}
          </span>
        </Link>
      ),
    },
  ];
  return (
    <div className="pages-screen">
      <PageHeader title="Feedback pages">{may('createFeedbackPage') && <CreatePageDialog orgId={orgId} />}</PageHeader>
      <p className="muted">Standalone forms with their own link, QR code and responses.</p>
      {pages.isError && <Alert>{problemFeedback(pages.error).formError}</Alert>}
      {pages.data && (
        <DataTable
          caption="Feedback pages"
          columns={columns}
          rows={pages.data.data}
          rowKey={(page) => page.id}
          empty="No pages yet. Create one to ask your first questions."
        />
      )}
    </div>
  );
}
