import type { AnswerValue, Question } from '@hearback/forms';
import type { Repositories } from '../../src/storage/store.js';
import { expectJson, type Json } from './api-assertions.js';
import type { TestBed } from './harness.js';

let unique = 0;

/** A page of org A created and published through the API (one NPS question unless told). */
export async function publishedPage(
  bed: TestBed,
  body: { questions?: Question[] | Omit<Question, 'id'>[]; [member: string]: unknown } = {},
): Promise<Json & { id: string; version: number; orgId: string; brandId: string | null; slug: string }> {
  unique += 1;
  const path = `/organizations/${bed.orgA.organization.id}/feedback-pages`;
  const created = await expectJson(
    await bed.request(path, {
      method: 'POST',
      key: bed.orgA.adminKey,
      json: { title: `Insights ${unique}`, questions: [{ type: 'nps', title: 'Recommend us?' }], ...body },
    }),
    201,
  );
  return expectJson(
    await bed.request(`${path}/${created.id}/publish`, { method: 'POST', key: bed.orgA.adminKey }),
    200,
  ) as never;
}

/**
 * Stores a response of a chosen time and id straight through the repository (the API stamps
 * the present): for figures over known days.
 */
export async function storeResponse(
  repositories: Pick<Repositories, 'pageResponses'>,
  page: { id: string; orgId: string; brandId: string | null; version: number },
  response: {
    id: string;
    createdAt: string;
    answers: Record<string, AnswerValue>;
    contact?: { name?: string; email?: string };
    context?: Record<string, unknown>;
  },
): Promise<void> {
  await repositories.pageResponses.insert({
    id: response.id,
    orgId: page.orgId,
    pageId: page.id,
    brandId: page.brandId,
    pageVersion: page.version,
    answers: response.answers,
    contact: response.contact ?? null,
    context: response.context ?? null,
    channel: 'api',
    ipAddress: null,
    userAgent: null,
    respondentHash: null,
    createdAt: response.createdAt,
  });
}
