import { api, dataOf } from '../api/client.js';
import type { ErasureCounts, ErasureReach, ErasureSubject } from './erasure.js';

/**
 * Erases everything the subject sent that the role may erase: its feedback items (a context
 * member only) and its feedback page responses, one request each, one after the other.
 */
export async function erasePerson(orgId: string, subject: ErasureSubject, reach: ErasureReach): Promise<ErasureCounts> {
  const params = { path: { orgId } };
  const counts: ErasureCounts = {};
  if (subject.kind === 'context') {
    const context = { [subject.name]: subject.value };
    if (reach.feedback) {
      counts.feedback = (
        await dataOf(api.POST('/organizations/{orgId}/feedback/erase', { params, body: { context } }))
      ).deleted;
    }
    if (reach.responses) {
      counts.responses = (
        await dataOf(api.POST('/organizations/{orgId}/feedback-pages/responses/erase', { params, body: { context } }))
      ).deleted;
    }
  } else if (reach.responses) {
    const body = { contact: { email: subject.email } };
    counts.responses = (
      await dataOf(api.POST('/organizations/{orgId}/feedback-pages/responses/erase', { params, body }))
    ).deleted;
  }
  return counts;
}
