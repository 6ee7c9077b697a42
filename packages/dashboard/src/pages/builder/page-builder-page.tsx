import type { FeedbackPage } from '@hearback/client';
import { PAGE_LIMITS } from '@hearback/forms';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePermissions } from '../../app/permissions.js';
import { Alert } from '../../ui/alert.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/fields.js';
import { Form } from '../../ui/form.js';
import { problemFeedback } from '../../ui/problem-feedback.js';
import { PageFrame } from '../page-frame.js';
import { useUpdatePage } from '../page-queries.js';
import { pageBuilderRoute } from '../pages-route.js';
import { AddQuestion } from './add-question.js';
import { type DraftItem, draftOf, newQuestion, type PageDraft, updateOf } from './page-draft.js';
import { PagePreview, type PreviewScheme } from './page-preview.js';
import { PageSettingsEditor } from './page-settings-editor.js';
import { QuestionEditor } from './question-editor.js';
import { QuestionList } from './question-list.js';
import { UnsavedChangesGuard } from './unsaved-changes-guard.js';
import './builder.css';

/** The keys of the questions the server's field errors name (`questions.3.title` → the 4th question). */
function invalidKeysOf(errors: Record<string, string>, items: readonly DraftItem[]): Set<string> {
  const keys = new Set<string>();
  for (const path of Object.keys(errors)) {
    const match = /^questions\.(\d+)/.exec(path);
    const item = match ? items[Number(match[1])] : undefined;
    if (item) keys.add(item.key);
  }
  return keys;
}

/** The light/dark switch of the preview (a radio group: one of two, announced as such). */
function SchemeSwitch({ scheme, onChange }: { scheme: PreviewScheme; onChange: (scheme: PreviewScheme) => void }) {
  return (
    <fieldset className="scheme-switch">
      <legend className="visually-hidden">Preview colour scheme</legend>
      {(['light', 'dark'] as const).map((option) => (
        <label key={option} className="scheme-option">
          <input
            type="radio"
            name="preview-scheme"
            value={option}
            checked={scheme === option}
            onChange={() => onChange(option)}
          />
          {option === 'light' ? 'Light' : 'Dark'}
        </label>
      ))}
    </fieldset>
  );
}

function Builder({
  orgId,
  page,
  saveRef,
}: {
  orgId: string;
  page: FeedbackPage;
  /** Where the builder puts its save, for the page's state action (publishing saves first). */
  saveRef: RefObject<() => Promise<boolean>>;
}) {
  const { may } = usePermissions();
  const readOnly = !may('updateFeedbackPage');
  const [draft, setDraft] = useState<PageDraft>(() => draftOf(page));
  const [dirty, setDirty] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | undefined>(draft.items[0]?.key);
  // The preview starts in the scheme the dashboard shows (theme.ts sets it on <html>).
  const [scheme, setScheme] = useState<PreviewScheme>(() =>
    document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
  );
  const forcedScheme = draft.settings.theme.colorScheme;
  const update = useUpdatePage(orgId, page.id);
  const { validationErrors, formError } = problemFeedback(update.error);
  // Counts edits, so a save that returns after a newer edit does not put the older copy back.
  const edits = useRef(0);
  const change = (next: Partial<PageDraft>) => {
    edits.current++;
    setDraft((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const selectedIndex = draft.items.findIndex((item) => item.key === selectedKey);
  const selected = draft.items[selectedIndex];

  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    const editsSaved = edits.current;
    try {
      const saved = await update.mutateAsync(updateOf(draft));
      // Edited while the save was on its way: keep the newer draft, still unsaved.
      if (edits.current !== editsSaved) return true;
      const next = draftOf(saved);
      setDraft(next);
      setDirty(false);
      // New questions got their ids: keep the same place selected.
      setSelectedKey(next.items[selectedIndex]?.key ?? next.items[0]?.key);
      return true;
    } catch {
      return false;
    }
  };
  useEffect(() => {
    saveRef.current = save;
  });

  return (
    <Form
      className="builder"
      validationErrors={validationErrors}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <UnsavedChangesGuard dirty={dirty && !readOnly} save={save} />
      <div className="builder-edit">
        <fieldset className="builder-fieldset" disabled={readOnly}>
          <legend className="visually-hidden">Page</legend>
          <div className="row builder-page-fields">
            <TextField
              label="Title"
              name="title"
              required
              maxLength={PAGE_LIMITS.titleLength}
              value={draft.title}
              onChange={(event) => change({ title: event.target.value })}
            />
            <TextField
              label="Address"
              name="slug"
              required
              value={draft.slug}
              onChange={(event) => change({ slug: event.target.value })}
            />
          </div>
          <TextField
            label="Introduction"
            name="description"
            multiline
            maxLength={PAGE_LIMITS.descriptionLength}
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
          />
        </fieldset>
        <section className="builder-questions" aria-labelledby="questions-heading">
          <h2 id="questions-heading">Questions</h2>
          <QuestionList
            items={draft.items}
            selectedKey={selectedKey}
            invalidKeys={invalidKeysOf(validationErrors, draft.items)}
            readOnly={readOnly}
            onSelect={setSelectedKey}
            onReorder={(items) => change({ items })}
          />
          {!readOnly && (
            <AddQuestion
              count={draft.items.length}
              onAdd={(type) => {
                const item = newQuestion(type);
                change({ items: [...draft.items, item] });
                setSelectedKey(item.key);
              }}
            />
          )}
        </section>
        {selected && (
          <fieldset className="builder-fieldset" disabled={readOnly}>
            <legend className="visually-hidden">Selected question</legend>
            <QuestionEditor
              key={selected.key}
              question={selected.question}
              index={selectedIndex}
              onChange={(question) =>
                change({ items: draft.items.map((item) => (item.key === selected.key ? { ...item, question } : item)) })
              }
              onRemove={() => {
                const items = draft.items.filter((item) => item.key !== selected.key);
                change({ items });
                setSelectedKey(items[Math.min(selectedIndex, items.length - 1)]?.key);
              }}
            />
          </fieldset>
        )}
        <details className="builder-settings">
          <summary>
            <h2>Settings and branding</h2>
          </summary>
          <fieldset className="builder-fieldset" disabled={readOnly}>
            <legend className="visually-hidden">Settings and branding</legend>
            <PageSettingsEditor settings={draft.settings} onChange={(settings) => change({ settings })} />
          </fieldset>
        </details>
        {!readOnly && (
          <div className="builder-save">
            <Button type="submit" variant="primary" pending={update.isPending} disabled={!dirty}>
              Save changes
            </Button>
            <span role="status" className="muted">
              {dirty ? 'Unsaved changes' : update.isSuccess ? 'Saved' : ''}
            </span>
            <Alert>
              {formError || (Object.keys(validationErrors).length > 0 ? 'Some fields need a fix (marked).' : '')}
            </Alert>
          </div>
        )}
      </div>
      <aside className="builder-preview" aria-labelledby="preview-heading">
        <div className="row">
          <h2 id="preview-heading">Preview</h2>
          <SchemeSwitch scheme={scheme} onChange={setScheme} />
        </div>
        {(forcedScheme === 'light' || forcedScheme === 'dark') && (
          <p className="muted">Visitors always see this page {forcedScheme} (Settings and branding, Colour scheme).</p>
        )}
        <PagePreview
          title={draft.title}
          description={draft.description}
          questions={draft.items.map((item) => item.question)}
          settings={draft.settings}
          scheme={scheme}
        />
      </aside>
    </Form>
  );
}

/** The builder of one page: questions (added, reordered, edited), settings, branding, a live preview. */
export function PageBuilderPage() {
  const { orgId, pageId } = pageBuilderRoute.useParams();
  const saveRef = useRef<() => Promise<boolean>>(async () => true);
  return (
    <PageFrame orgId={orgId} pageId={pageId} beforeTransition={() => saveRef.current()}>
      {(page) => <Builder key={page.id} orgId={orgId} page={page} saveRef={saveRef} />}
    </PageFrame>
  );
}
