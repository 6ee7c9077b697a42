/**
 * A feedback item as the API returns it and as a REST hook delivers it (the bare resource): the
 * sample Zapier shows before a Zap has run, and the labels of its fields.
 */
export const FEEDBACK_SAMPLE = {
  id: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s',
  orgId: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s',
  inboxId: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s',
  brandId: null,
  type: 'stars',
  score: 4,
  comment: 'Checkout was quick, but I could not find the invoice.',
  context: { source: 'widget', url: 'https://example.com/checkout' },
  source: 'widget',
  status: 'new',
  issueLink: null,
  assigneeId: null,
  tags: ['billing'],
  createdAt: '2026-11-22T10:15:00.000Z',
  updatedAt: '2026-11-22T10:15:00.000Z',
};

export const FEEDBACK_OUTPUT_FIELDS = [
  { key: 'id', label: 'Feedback ID' },
  { key: 'orgId', label: 'Organization ID' },
  { key: 'inboxId', label: 'Inbox ID' },
  { key: 'brandId', label: 'Brand ID' },
  { key: 'type', label: 'Type' },
  { key: 'score', label: 'Score', type: 'integer' as const },
  { key: 'comment', label: 'Comment' },
  { key: 'source', label: 'Source' },
  { key: 'status', label: 'Status' },
  { key: 'issueLink__url', label: 'Issue link URL' },
  { key: 'issueLink__key', label: 'Issue key' },
  { key: 'issueLink__tracker', label: 'Issue tracker' },
  { key: 'assigneeId', label: 'Assignee (user ID)' },
  { key: 'tags', label: 'Tags', list: true },
  { key: 'createdAt', label: 'Created at', type: 'datetime' as const },
  { key: 'updatedAt', label: 'Updated at', type: 'datetime' as const },
];
