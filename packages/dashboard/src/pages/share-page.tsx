import type { FeedbackPage, FeedbackPageShare } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../ui/alert.js';
import { CopyButton } from '../ui/copy-button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { PageFrame } from './page-frame.js';
import { shareQuery } from './page-queries.js';
import { pageShareRoute } from './pages-route.js';

/** A snippet to paste elsewhere, shown as text (never rendered here) with its copy button. */
function Snippet({ title, description, text }: { title: string; description: string; text: string }) {
  return (
    <section className="share-block" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted">{description}</p>
      {/* Shown whole (it wraps): a scrolling box would need a keyboard stop of its own. */}
      <pre className="snippet">
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label={`Copy ${title.toLowerCase()}`} />
    </section>
  );
}

function ShareLinks({ page, share }: { page: FeedbackPage; share: FeedbackPageShare }) {
  const published = page.state !== 'draft';
  return (
    <div className="share-grid">
      {!published && (
        <Alert tone="info">This page is a draft: its link, QR code and flyer work once it is published.</Alert>
      )}
      <section className="share-block" aria-labelledby="share-link">
        <h2 id="share-link">Link</h2>
        <div className="row">
          <code className="share-url">{share.url}</code>
          <CopyButton text={share.url} label="Copy link" />
          {published && (
            <a href={share.url} target="_blank" rel="noreferrer">
              Open the page
            </a>
          )}
        </div>
      </section>
      <section className="share-block" aria-labelledby="share-qr">
        <h2 id="share-qr">QR code</h2>
        {published ? (
          <>
            <img className="share-qr" src={share.qrSvgUrl} alt={`QR code of ${share.url}`} width={160} height={160} />
            <div className="row">
              <a href={share.qrSvgUrl} download>
                Download SVG
              </a>
              <a href={share.qrPngUrl} download>
                Download PNG
              </a>
            </div>
          </>
        ) : (
          <p className="muted">Shown once the page is published.</p>
        )}
      </section>
      <section className="share-block" aria-labelledby="share-flyer">
        <h2 id="share-flyer">Flyer</h2>
        <p className="muted">A printable sheet with the page's title, QR code and link.</p>
        {published ? (
          <div className="row">
            <a href={`${share.flyerUrl}?paper=a4`} target="_blank" rel="noreferrer">
              Open the A4 flyer
            </a>
            <a href={`${share.flyerUrl}?paper=letter`} target="_blank" rel="noreferrer">
              Open the Letter flyer
            </a>
          </div>
        ) : (
          <p className="muted">Available once the page is published.</p>
        )}
      </section>
      <Snippet
        title="Email signature"
        description="A “Give feedback” button for Gmail, Apple Mail or Outlook: paste it as HTML in your signature settings."
        text={share.emailSignatureHtml}
      />
      <Snippet
        title="Embed code"
        description="An iframe of the page for your site; its script fits the frame to the form."
        text={share.iframeSnippet}
      />
    </div>
  );
}

/** Every way to share a page: link, QR code, flyer, email signature and embed code. */
export function SharePage() {
  const { orgId, pageId } = pageShareRoute.useParams();
  const share = useQuery(shareQuery(orgId, pageId));
  return (
    <PageFrame orgId={orgId} pageId={pageId}>
      {(page) =>
        share.data ? (
          <ShareLinks page={page} share={share.data} />
        ) : (
          <Alert>{share.isError ? problemFeedback(share.error).formError : ''}</Alert>
        )
      }
    </PageFrame>
  );
}
