import { MAX_TAG_LENGTH, MAX_TAGS_PER_ITEM, normalizeTag, tagProblem, tagSet } from '@hearback/spec';
import { z } from 'zod';

/**
 * One tag as a request gives it: normalized (`normalizeTag` of @hearback/spec: trimmed, whitespace
 * collapsed, lower-cased), then held to the tag rule. The rules and limits are the vocabulary's.
 */
export const TagSchema = z
  .string()
  .overwrite(normalizeTag)
  .check((payload) => {
    const problem = tagProblem(payload.value);
    if (problem) payload.issues.push({ code: 'custom', message: problem, input: payload.value });
  })
  .meta({
    description: `A tag: trimmed, runs of whitespace made one space, lower-cased ("Bug" and "bug" are one tag); 1–${MAX_TAG_LENGTH} characters, no control characters.`,
    example: 'billing',
    minLength: 1,
    maxLength: MAX_TAG_LENGTH,
  });

/**
 * An item's whole set of tags (`PATCH …/feedback/{id}`): each normalized, duplicates collapsed,
 * sorted, at most {@link MAX_TAGS_PER_ITEM} once collapsed. `[]` clears them.
 */
export const TagSetSchema = z
  .array(TagSchema)
  .overwrite(tagSet)
  .max(MAX_TAGS_PER_ITEM, { message: `At most ${MAX_TAGS_PER_ITEM} tags.` })
  .meta({
    description: `The item's tags, the whole set: replaces the ones it has (\`[]\` removes them all). Duplicates after normalization count once; at most ${MAX_TAGS_PER_ITEM}.`,
    example: ['billing', 'bug'],
  });

/**
 * A filter by tags, as the feedback list's `tag` and search's `filters.tag` take it: the items
 * carrying every one given, each normalized and checked as an item's tags are, at most
 * {@link MAX_TAGS_PER_ITEM} (no item carries more).
 */
export const TagFilterSchema = z.array(TagSchema).max(MAX_TAGS_PER_ITEM);
