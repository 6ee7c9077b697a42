import { describe, expect, it } from 'vitest';
import type { Services } from '../services/index.js';
import { servedTools } from './server-backend.js';

describe('the server backend of the MCP tools', () => {
  const withThemes = (semanticSearch: boolean) => ({ features: { semanticSearch } }) as unknown as Services;

  it('serves every tool, search included', () => {
    expect(servedTools(withThemes(true)).map((tool) => tool.name)).toEqual([
      'submit_feedback',
      'get_feedback_stats',
      'get_feedback_trends',
      'get_feedback_themes',
      'get_theme_feedback',
      'get_feedback',
      'get_feedback_activity',
      'search_feedback',
      'list_inboxes',
      'list_brands',
      'list_automations',
      'list_failed_deliveries',
      'list_feedback_pages',
      'get_page_analytics',
      'list_page_responses',
      'update_feedback_status',
    ]);
  });

  it('serves get_feedback_themes and get_theme_feedback only with search on: themes cluster its vectors', () => {
    const names = servedTools(withThemes(false)).map((tool) => tool.name);
    expect(names).not.toContain('get_feedback_themes');
    expect(names).not.toContain('get_theme_feedback');
  });
});
