import { FEEDBACK_STATUSES as MCP_STATUSES, FEEDBACK_TYPES as MCP_TYPES } from '@hearback/mcp';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '../domain/feedback.js';
import type { Services } from '../services/index.js';
import { servedTools } from './server-backend.js';

describe('the server backend of the MCP tools', () => {
  it('uses the feedback types and statuses of the domain', () => {
    expect([...MCP_TYPES]).toEqual([...FEEDBACK_TYPES]);
    expect([...MCP_STATUSES]).toEqual([...FEEDBACK_STATUSES]);
  });

  it('serves every tool, search included', () => {
    expect(servedTools({} as Services).map((tool) => tool.name)).toEqual([
      'submit_feedback',
      'get_feedback_stats',
      'get_feedback',
      'search_feedback',
      'list_inboxes',
      'list_brands',
      'update_feedback_status',
    ]);
  });
});
