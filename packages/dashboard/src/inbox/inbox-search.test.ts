import { describe, expect, it } from 'vitest';
import { isFiltered, listQueryOf, searchOfFilters, UNASSIGNED, validateInboxSearch } from './inbox-search.js';

describe("the inbox's URL state", () => {
  it('keeps what it knows and drops what it does not, as the right kinds', () => {
    expect(
      validateInboxSearch({ type: 'nps', status: 'bogus', scoreMax: '6', scoreMin: 'x', item: 'fb_1', extra: 'y' }),
    ).toEqual(
      expect.objectContaining({ type: 'nps', status: undefined, scoreMax: 6, scoreMin: undefined, item: 'fb_1' }),
    );
  });

  it('turns into the list query without the open item or the meaning search, with the assignee as the API names it', () => {
    expect(listQueryOf({ type: 'nps', item: 'fb_1', meaning: 'slow', assignee: 'usr_1' })).toEqual({
      type: 'nps',
      assigneeId: 'usr_1',
    });
    expect(listQueryOf({ assignee: UNASSIGNED })).toEqual({ unassigned: true });
    expect(listQueryOf({ brand: 'brd_1', status: 'new' })).toEqual({ brandId: 'brd_1', status: 'new' });
    expect(listQueryOf({ tag: 'billing' })).toEqual({ tag: ['billing'] });
  });

  it('reads one tag from the address as text and several as a list', () => {
    expect(validateInboxSearch({ tag: 'billing' }).tag).toBe('billing');
    expect(validateInboxSearch({ tag: ['billing', 'bug'] }).tag).toEqual(['billing', 'bug']);
    expect(validateInboxSearch({ tag: ['', 3] }).tag).toBeUndefined();
    expect(listQueryOf({ tag: ['billing', 'bug'] })).toEqual({ tag: ['billing', 'bug'] });
    expect(searchOfFilters({ tag: ['billing'] }).tag).toBe('billing');
  });

  it('leaves out of the list query what the inbox does not know (a link from Slack or a newsletter)', () => {
    // A route's search holds the whole address, its own keys validated and any other passed through.
    const search = { ...validateInboxSearch({ type: 'nps' }), ref: 'slack', utm_source: 'newsletter' };
    expect(listQueryOf(search)).toEqual({ type: 'nps' });
    expect(isFiltered({ ...search, type: undefined })).toBe(false);
    expect(validateInboxSearch({ ref: 'slack', q: 'slow' })).not.toHaveProperty('ref');
  });

  it('opens a saved view as the filters it was saved from', () => {
    for (const search of [
      { type: 'csat' as const, scoreMin: 4, assignee: UNASSIGNED },
      { source: 'email', assignee: 'usr_2' },
      { brand: 'brd_1', inboxId: 'inb_1' },
    ]) {
      expect(listQueryOf(searchOfFilters(listQueryOf(search)))).toEqual(listQueryOf(search));
    }
  });

  it('says whether any filter is set (the open item is not one)', () => {
    expect(isFiltered({ item: 'fb_1' })).toBe(false);
    expect(isFiltered({ status: 'new' })).toBe(true);
    expect(isFiltered({ brand: 'brd_1' })).toBe(true);
  });
});
