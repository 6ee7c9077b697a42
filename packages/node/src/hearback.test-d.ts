import type {
  ApiKey,
  AuditEntry,
  BrandDeletion,
  CreatedApiKey,
  Feedback,
  FeedbackDeletion,
  FeedbackErasure,
  FeedbackStats,
  FeedbackStatus,
  FeedbackThemes,
  FeedbackTrends,
  Inbox,
  InboxDeletion,
  Note,
  Organization,
  PageResponseErasure,
  Problem,
  SearchResults,
  View,
} from '@hearback/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { HearbackApiError, HearbackErrorCode } from './errors/hearback-api-error.js';
import { Hearback } from './hearback.js';
import type { Paginator } from './pagination.js';

const hearback = new Hearback({ apiKey: 'hb_…', baseUrl: 'http://localhost:3000', orgId: 'org_…' });

describe('Hearback types', () => {
  it('types every resource from the OpenAPI document', () => {
    expectTypeOf(hearback.feedback.get('fb_1')).resolves.toEqualTypeOf<Feedback>();
    expectTypeOf(hearback.feedback.list()).toEqualTypeOf<Paginator<Feedback>>();
    expectTypeOf(hearback.feedback.notes.create('fb_1', { body: 'x' })).resolves.toEqualTypeOf<Note>();
    expectTypeOf(hearback.inboxes.create({ name: 'x' })).resolves.toEqualTypeOf<Inbox>();
    expectTypeOf(hearback.apiKeys.create({ name: 'x', scopes: ['read'] })).resolves.toEqualTypeOf<CreatedApiKey>();
    expectTypeOf(hearback.apiKeys.revoke('key_1')).resolves.toEqualTypeOf<ApiKey>();
    expectTypeOf(hearback.organization.get()).resolves.toEqualTypeOf<Organization>();
    expectTypeOf(hearback.inboxes.delete('inb_1')).resolves.toEqualTypeOf<InboxDeletion>();
    expectTypeOf(hearback.feedback.delete('fb_1')).resolves.toEqualTypeOf<FeedbackDeletion>();
    expectTypeOf(hearback.feedback.erase({ context: { userId: 'u_42' } })).resolves.toEqualTypeOf<FeedbackErasure>();
    expectTypeOf(
      hearback.pages.responses.erase({ contact: { email: 'ana@example.com' } }),
    ).resolves.toEqualTypeOf<PageResponseErasure>();
    expectTypeOf(hearback.brands.delete('brd_1')).resolves.toEqualTypeOf<BrandDeletion>();
    expectTypeOf(hearback.apiKeys.current()).resolves.toEqualTypeOf<ApiKey>();
    expectTypeOf(hearback.feedback.stats({ q: 'checkout' })).resolves.toEqualTypeOf<FeedbackStats>();
    expectTypeOf(
      hearback.feedback.trends({ interval: 'week', groupBy: 'inbox' }),
    ).resolves.toEqualTypeOf<FeedbackTrends>();
    expectTypeOf(hearback.feedback.themes({ from: '2026-11-16', limit: 5 })).resolves.toEqualTypeOf<FeedbackThemes>();
    expectTypeOf(
      hearback.search('slow checkout', { filters: { status: 'new' } }),
    ).resolves.toEqualTypeOf<SearchResults>();
    expectTypeOf(hearback.feedback.similar('fb_1')).resolves.toEqualTypeOf<SearchResults>();
    expectTypeOf(hearback.feedback.list({ q: 'checkout' })).toEqualTypeOf<Paginator<Feedback>>();
    expectTypeOf(hearback.views.create({ name: 'x', filters: { status: 'new' } })).resolves.toEqualTypeOf<View>();
    expectTypeOf(hearback.views.list()).toEqualTypeOf<Paginator<View>>();
    expectTypeOf(hearback.auditLog.list({ action: 'api_key.revoked' })).toEqualTypeOf<Paginator<AuditEntry>>();
  });

  it('autocompletes fields and rejects unknown values', () => {
    expectTypeOf<Feedback['status']>().toEqualTypeOf<FeedbackStatus>();
    expectTypeOf<FeedbackStatus>().toEqualTypeOf<'new' | 'triaged' | 'in_progress' | 'resolved' | 'closed' | 'spam'>();
    expectTypeOf(hearback.collect)
      .parameter(0)
      .toHaveProperty('type')
      .toEqualTypeOf<'thumbs' | 'stars' | 'nps' | 'csat' | 'emoji' | 'text'>();
    // @ts-expect-error: not a status
    void hearback.feedback.update('fb_1', { status: 'done' });
    // @ts-expect-error: filters are typed too
    void hearback.feedback.list({ type: 'smiley' });
    // @ts-expect-error: a view keeps the list's filters only
    void hearback.views.create({ name: 'x', filters: { colour: 'red' } });
    // @ts-expect-error: audit actions are a closed list
    void hearback.auditLog.list({ action: 'api_key.exploded' });
    // @ts-expect-error: context.source is text (the source filter matches it), free members stay free
    void hearback.collect({ inboxKey: 'ibx_1', type: 'nps', score: 9, context: { source: 5, plan: 3 } });
    void hearback.collect({ inboxKey: 'ibx_1', type: 'nps', score: 9, context: { source: 'server', plan: 3 } });
  });

  it('gives errors a typed code', () => {
    expectTypeOf<HearbackApiError['code']>().toEqualTypeOf<HearbackErrorCode>();
    expectTypeOf<Problem['code']>().toExtend<HearbackErrorCode>();
    expectTypeOf<'timeout'>().toExtend<HearbackErrorCode>();
  });
});
