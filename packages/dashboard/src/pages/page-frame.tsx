import type { FeedbackPage } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { DeletePageDialog } from './delete-page-dialog.js';
import { type PageTransition, pageQuery, useTransitionPage } from './page-queries.js';
import { PageStateBadge } from './page-state.js';
import './pages.css';

const TABS = [
  { label: 'Build', to: '/orgs/$orgId/pages/$pageId' },
  { label: 'Share', to: '/orgs/$orgId/pages/$pageId/share' },
  { label: 'Responses', to: '/orgs/$orgId/pages/$pageId/responses' },
  { label: 'Analytics', to: '/orgs/$orgId/pages/$pageId/analytics' },
] as const;

/** The transition each state leaves by, and the operation that performs it. */
const NEXT_STATE = {
  draft: { transition: 'publish', label: 'Publish', operation: 'publishFeedbackPage' },
  published: { transition: 'close', label: 'Close', operation: 'closeFeedbackPage' },
  closed: { transition: 'reopen', label: 'Reopen', operation: 'reopenFeedbackPage' },
} as const satisfies Record<FeedbackPage['state'], { transition: PageTransition; label: string; operation: string }>;

/** Publish, close or reopen; `beforeTransition` runs first (the builder saves its changes). */
function StateAction({
  orgId,
  page,
  beforeTransition,
}: {
  orgId: string;
  page: FeedbackPage;
  beforeTransition?: (() => Promise<boolean>) | undefined;
}) {
  const { may } = usePermissions();
  const transition = useTransitionPage(orgId, page.id);
  const next = NEXT_STATE[page.state];
  if (!may(next.operation)) return null;
  return (
    <>
      <Button
        variant={page.state === 'published' ? 'secondary' : 'primary'}
        pending={transition.isPending}
        onClick={async () => {
          if (beforeTransition && !(await beforeTransition())) return;
          transition.mutate(next.transition);
        }}
      >
        {next.label}
      </Button>
      {transition.error && <Alert>{problemFeedback(transition.error).formError}</Alert>}
    </>
  );
}

/**
 * One page's screens: its title and state, the state action, and the tabs between building,
 * sharing, responses and analytics. `children` gets the page once loaded.
 */
export function PageFrame({
  orgId,
  pageId,
  beforeTransition,
  children,
}: {
  orgId: string;
  pageId: string;
  beforeTransition?: () => Promise<boolean>;
  children: (page: FeedbackPage) => ReactNode;
}) {
  const { may } = usePermissions();
  const page = useQuery(pageQuery(orgId, pageId));
  if (page.isError) return <Alert>{problemFeedback(page.error).formError}</Alert>;
  if (!page.data) return <p role="status">Loading…</p>;
  return (
    <div className="page-frame">
      <p className="breadcrumb">
        <Link to="/orgs/$orgId/pages" params={{ orgId }}>
          Feedback pages
        </Link>
      </p>
      <header className="page-header">
        <h1>{page.data.title}</h1>
        <PageStateBadge state={page.data.state} />
        <div className="page-actions">
          <StateAction orgId={orgId} page={page.data} beforeTransition={beforeTransition} />
          {may('deleteFeedbackPage') && <DeletePageDialog orgId={orgId} page={page.data} />}
        </div>
      </header>
      <nav className="page-tabs" aria-label="Page screens">
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            params={{ orgId, pageId }}
            className="page-tab"
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page' }}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {children(page.data)}
    </div>
  );
}
