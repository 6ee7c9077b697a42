import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import * as apiKeyHandlers from './api-keys/api-keys.handlers.js';
import * as apiKeyRoutes from './api-keys/api-keys.routes.js';
import * as brandHandlers from './brands/brands.handlers.js';
import * as brandRoutes from './brands/brands.routes.js';
import { collectHandler } from './collect/collect.handlers.js';
import { collect } from './collect/collect.routes.js';
import { documented } from './documented.js';
import * as feedbackHandlers from './feedback/feedback.handlers.js';
import * as feedbackRoutes from './feedback/feedback.routes.js';
import { getCurrentApiKeyHandler } from './identity/identity.handlers.js';
import { getCurrentApiKey } from './identity/identity.routes.js';
import * as inboxHandlers from './inboxes/inboxes.handlers.js';
import * as inboxRoutes from './inboxes/inboxes.routes.js';
import * as noteHandlers from './notes/notes.handlers.js';
import * as noteRoutes from './notes/notes.routes.js';
import * as organizationHandlers from './organizations/organizations.handlers.js';
import * as organizationRoutes from './organizations/organizations.routes.js';
import * as searchHandlers from './search/search.handlers.js';
import * as searchRoutes from './search/search.routes.js';

/** Every public API route: registered here so the OpenAPI document lists exactly what is served. */
export function registerApiRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(documented(collect), collectHandler);
  app.openapi(documented(getCurrentApiKey), getCurrentApiKeyHandler);

  app.openapi(documented(organizationRoutes.getOrganization), organizationHandlers.getOrganizationHandler);
  app.openapi(documented(organizationRoutes.updateOrganization), organizationHandlers.updateOrganizationHandler);

  app.openapi(documented(feedbackRoutes.listFeedback), feedbackHandlers.listFeedbackHandler);
  // Before getFeedback: `/feedback/stats` would otherwise match `/feedback/{id}`.
  app.openapi(documented(feedbackRoutes.getFeedbackStats), feedbackHandlers.getFeedbackStatsHandler);
  app.openapi(documented(feedbackRoutes.getFeedback), feedbackHandlers.getFeedbackHandler);
  app.openapi(documented(feedbackRoutes.updateFeedback), feedbackHandlers.updateFeedbackHandler);

  app.openapi(documented(searchRoutes.searchFeedback), searchHandlers.searchFeedbackHandler);
  app.openapi(documented(searchRoutes.similarFeedback), searchHandlers.similarFeedbackHandler);

  app.openapi(documented(noteRoutes.listNotes), noteHandlers.listNotesHandler);
  app.openapi(documented(noteRoutes.createNote), noteHandlers.createNoteHandler);
  app.openapi(documented(noteRoutes.getNote), noteHandlers.getNoteHandler);
  app.openapi(documented(noteRoutes.updateNote), noteHandlers.updateNoteHandler);
  app.openapi(documented(noteRoutes.deleteNote), noteHandlers.deleteNoteHandler);

  app.openapi(documented(inboxRoutes.listInboxes), inboxHandlers.listInboxesHandler);
  app.openapi(documented(inboxRoutes.createInbox), inboxHandlers.createInboxHandler);
  app.openapi(documented(inboxRoutes.getInbox), inboxHandlers.getInboxHandler);
  app.openapi(documented(inboxRoutes.updateInbox), inboxHandlers.updateInboxHandler);
  app.openapi(documented(inboxRoutes.deleteInbox), inboxHandlers.deleteInboxHandler);

  app.openapi(documented(brandRoutes.listBrands), brandHandlers.listBrandsHandler);
  app.openapi(documented(brandRoutes.createBrand), brandHandlers.createBrandHandler);
  app.openapi(documented(brandRoutes.getBrand), brandHandlers.getBrandHandler);
  app.openapi(documented(brandRoutes.updateBrand), brandHandlers.updateBrandHandler);
  app.openapi(documented(brandRoutes.deleteBrand), brandHandlers.deleteBrandHandler);

  app.openapi(documented(apiKeyRoutes.listApiKeys), apiKeyHandlers.listApiKeysHandler);
  app.openapi(documented(apiKeyRoutes.createApiKey), apiKeyHandlers.createApiKeyHandler);
  app.openapi(documented(apiKeyRoutes.getApiKey), apiKeyHandlers.getApiKeyHandler);
  app.openapi(documented(apiKeyRoutes.updateApiKey), apiKeyHandlers.updateApiKeyHandler);
  app.openapi(documented(apiKeyRoutes.revokeApiKey), apiKeyHandlers.revokeApiKeyHandler);
}
