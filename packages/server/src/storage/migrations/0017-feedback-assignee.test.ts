import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { activityOf } from '../../domain/feedback-activity.js';
import { migrateToLatest } from '../migrate.js';
import { createStore } from '../store.js';

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0017-feedback-assignee [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it("gives entries written before it their item, so an item's activity includes its older triage and notes", async () => {
      const database = await databaseMigratedTo(dialect, '0016-accounts', cleanups);
      const at = '2026-11-20T10:00:00.000Z';
      await sql`insert into organizations (id, name, plan, created_at, updated_at)
        values ('org_1', 'Acme', 'enterprise', ${at}, ${at})`.execute(database.db);
      await sql`insert into api_keys (id, org_id, name, scopes, secret_hash, secret_hint, created_at)
        values ('key_1', 'org_1', 'Triage bot', 'read,write', 'hash', 'hint', ${at})`.execute(database.db);
      // As the release before wrote them: the fields' names only, the note's item in its details.
      const entries = [
        ['aud_1', 'feedback.updated', 'feedback', 'fb_1', '{"changed":["status","issueLink"]}'],
        ['aud_2', 'note.created', 'note', 'note_1', '{"feedbackId":"fb_1"}'],
        ['aud_3', 'note.created', 'note', 'note_2', '{"feedbackId":"fb_2"}'],
        ['aud_4', 'inbox.updated', 'inbox', 'fb_1', '{"changed":["name"]}'],
      ];
      for (const [id, action, type, resource, details] of entries) {
        await sql`insert into audit_log (id, org_id, at, actor_type, actor_id, action, resource_type, resource_id, details)
          values (${id}, 'org_1', ${at}, 'api_key', 'key_1', ${action}, ${type}, ${resource}, ${details})`.execute(
          database.db,
        );
      }

      expect(await migrateToLatest(database)).toContain('0017-feedback-assignee');

      const page = await createStore(database).auditLog.listForSubject('org_1', 'fb_1', { limit: 10, after: null });
      const actor = { type: 'api_key', id: 'key_1', name: 'Triage bot' };
      expect(page.items.flatMap(activityOf)).toEqual([
        { id: 'aud_1:status', at, actor, kind: 'status_changed' },
        { id: 'aud_1:issueLink', at, actor, kind: 'issue_linked' },
        { id: 'aud_2', at, actor, kind: 'note_added', noteId: 'note_1' },
      ]);
    });
  });
}
