/** How many tags a list row shows before "+N": a row stays one line of meta on a phone. */
const ROW_TAGS_SHOWN = 3;

/**
 * An item's tags as chips. `compact` (a list row): the first few, then "+N" for the rest, with all
 * of them in its title. `onRemove`: each chip has a × button (named for screen readers) that removes it.
 */
export function TagChips({
  tags,
  compact = false,
  onRemove,
}: {
  tags: readonly string[];
  compact?: boolean;
  onRemove?: ((tag: string) => void) | undefined;
}) {
  if (tags.length === 0) return null;
  if (compact) {
    // Inside the row's button: phrasing content only (spans), read as part of its name.
    const hidden = tags.slice(ROW_TAGS_SHOWN);
    return (
      <span className="tag-chips is-compact">
        <span className="visually-hidden">Tags: </span>
        {tags.slice(0, ROW_TAGS_SHOWN).map((tag) => (
          <span key={tag} className="tag-chip">
            {tag}
          </span>
        ))}
        {hidden.length > 0 && (
          <span className="tag-chip tag-chip-more" title={hidden.join(', ')}>
            +{hidden.length}
            <span className="visually-hidden"> more: {hidden.join(', ')}</span>
          </span>
        )}
      </span>
    );
  }
  return (
    <ul className="tag-chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="tag-chip">
          <span className="tag-chip-text">{tag}</span>
          {onRemove && (
            <button
              type="button"
              className="tag-chip-remove"
              aria-label={`Remove tag ${tag}`}
              title={`Remove tag ${tag}`}
              onClick={() => onRemove(tag)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
