import type { Bundle, ZObject } from 'zapier-platform-core';
import { organizationRequest } from '../api.js';

interface Inbox {
  id: string;
  name: string;
  inboxKey: string;
}

/** The organization's inboxes, for the *Submit Feedback* inbox dropdown (hidden from the trigger list). */
export const inboxList = {
  key: 'inbox_list',
  noun: 'Inbox',
  display: { label: 'Inboxes', description: 'Lists your inboxes (for dropdowns).', hidden: true },
  operation: {
    type: 'polling' as const,
    perform: async (z: ZObject, bundle: Bundle) => {
      const page = await organizationRequest<{ data: Inbox[]; nextCursor: string | null }>(z, bundle, '/inboxes', {
        method: 'GET',
        // The largest page: an organization's inboxes fit a dropdown's first page.
        params: { limit: 200 },
      });
      return page.data;
    },
    sample: {
      id: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s',
      name: 'Checkout widget',
      inboxKey: 'ibx_Zm9vYmFyYmF6cXV4',
    },
    outputFields: [
      { key: 'id', label: 'Inbox ID' },
      { key: 'name', label: 'Name' },
      { key: 'inboxKey', label: 'Inbox key' },
    ],
  },
};
