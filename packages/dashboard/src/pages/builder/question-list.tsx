import type { Key } from 'react-aria-components';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { type DraftItem, reorder } from './page-draft.js';
import { QUESTION_TYPE_LABELS } from './question-type-labels.js';

/**
 * The page's questions in order. Reordered by dragging a row's handle, or by keyboard: focus the
 * handle, Enter, arrows to the new place, Enter (React Aria's drag and drop, announced to screen
 * readers). Choosing a row opens it in the editor.
 */
export function QuestionList({
  items,
  selectedKey,
  invalidKeys,
  readOnly,
  onSelect,
  onReorder,
}: {
  items: readonly DraftItem[];
  selectedKey: string | undefined;
  /** Questions the server refused on the last save. */
  invalidKeys: ReadonlySet<string>;
  readOnly: boolean;
  onSelect: (key: string) => void;
  onReorder: (items: DraftItem[]) => void;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ 'text/plain': items.find((item) => item.key === key)?.question.title ?? '' })),
    onReorder: (event) =>
      onReorder(reorder(items, event.keys as Set<Key>, event.target.key, event.target.dropPosition)),
  });
  if (items.length === 0) return <p className="empty">No questions yet: add the first below.</p>;
  return (
    <GridList
      aria-label="Questions"
      className="question-list"
      items={items}
      selectionMode="single"
      selectionBehavior="replace"
      disallowEmptySelection
      selectedKeys={selectedKey ? [selectedKey] : []}
      onSelectionChange={(keys) => {
        const [key] = keys === 'all' ? [] : [...keys];
        if (key !== undefined) onSelect(String(key));
      }}
      dragAndDropHooks={readOnly ? undefined : dragAndDropHooks}
      dependencies={[items, invalidKeys]}
    >
      {(item) => {
        const position = items.indexOf(item) + 1;
        return (
          <GridListItem id={item.key} textValue={item.question.title} className="question-row">
            {!readOnly && (
              <AriaButton slot="drag" className="drag-handle" aria-label={`Move “${item.question.title}”`}>
                <span aria-hidden="true">⠿</span>
              </AriaButton>
            )}
            <span className="question-position">{position}.</span>
            <span className="question-row-title">{item.question.title}</span>
            <span className="question-row-type">{QUESTION_TYPE_LABELS[item.question.type]}</span>
            {invalidKeys.has(item.key) && <span className="question-row-invalid">Needs a fix</span>}
          </GridListItem>
        );
      }}
    </GridList>
  );
}
