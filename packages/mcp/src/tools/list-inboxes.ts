import { counted } from '@hearback/spec';
import { z } from 'zod';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { InboxOutput, NextCursor, PageInput, toInboxOutput } from './schemas.js';

export const listInboxes = defineTool({
  name: 'list_inboxes',
  title: 'List inboxes',
  description:
    'List the feedback inboxes this API key can see (id, name, brand, inboxKey). Use it to find the inboxKey for submit_feedback or an inboxId to filter get_feedback and get_feedback_stats. Paginated: pass nextCursor as cursor for more.',
  operationId: 'listInboxes',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: z.strictObject({ ...PageInput }),
  outputSchema: z.object({ inboxes: z.array(InboxOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    const page = await backend.listInboxes({ limit: input.limit, cursor: input.cursor });
    return { inboxes: page.data.map(toInboxOutput), nextCursor: page.nextCursor };
  },
  render({ inboxes, nextCursor }) {
    if (inboxes.length === 0) {
      return `No inboxes are visible to this API key. ${moreText('inboxes', nextCursor)}`.trim();
    }
    const lines = inboxes.map(
      (inbox) =>
        `- ${inbox.id} · ${JSON.stringify(inbox.name)} · inboxKey ${inbox.inboxKey}${inbox.brandId ? ` · brand ${inbox.brandId}` : ''}`,
    );
    const more = nextCursor ? `\n${moreText('inboxes', nextCursor)}` : '';
    return `${counted(inboxes.length, 'inbox', 'inboxes')}${nextCursor ? ' on this page' : ''}:\n${lines.join('\n')}${more}`;
  },
});
