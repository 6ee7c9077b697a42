import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import * as apiKeyHandlers from './api-keys/api-keys.handlers.js';
import * as apiKeyRoutes from './api-keys/api-keys.routes.js';
import * as brandHandlers from './brands/brands.handlers.js';
import * as brandRoutes from './brands/brands.routes.js';
import { collectHandler } from './collect/collect.handlers.js';
import { collect } from './collect/collect.routes.js';
import * as feedbackHandlers from './feedback/feedback.handlers.js';
import * as feedbackRoutes from './feedback/feedback.routes.js';
import * as inboxHandlers from './inboxes/inboxes.handlers.js';
import * as inboxRoutes from './inboxes/inboxes.routes.js';
import * as noteHandlers from './notes/notes.handlers.js';
import * as noteRoutes from './notes/notes.routes.js';
import * as organizationHandlers from './organizations/organizations.handlers.js';
import * as organizationRoutes from './organizations/organizations.routes.js';

/** Every public API route: registered here so the OpenAPI document lists exactly what is served. */
export function registerApiRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(collect, collectHandler);

  app.openapi(organizationRoutes.getOrganization, organizationHandlers.getOrganizationHandler);
  app.openapi(organizationRoutes.updateOrganization, organizationHandlers.updateOrganizationHandler);

  app.openapi(feedbackRoutes.listFeedback, feedbackHandlers.listFeedbackHandler);
  app.openapi(feedbackRoutes.getFeedback, feedbackHandlers.getFeedbackHandler);
  app.openapi(feedbackRoutes.updateFeedback, feedbackHandlers.updateFeedbackHandler);

  app.openapi(noteRoutes.listNotes, noteHandlers.listNotesHandler);
  app.openapi(noteRoutes.createNote, noteHandlers.createNoteHandler);
  app.openapi(noteRoutes.getNote, noteHandlers.getNoteHandler);
  app.openapi(noteRoutes.updateNote, noteHandlers.updateNoteHandler);
  app.openapi(noteRoutes.deleteNote, noteHandlers.deleteNoteHandler);

  app.openapi(inboxRoutes.listInboxes, inboxHandlers.listInboxesHandler);
  app.openapi(inboxRoutes.createInbox, inboxHandlers.createInboxHandler);
  app.openapi(inboxRoutes.getInbox, inboxHandlers.getInboxHandler);
  app.openapi(inboxRoutes.updateInbox, inboxHandlers.updateInboxHandler);
  app.openapi(inboxRoutes.deleteInbox, inboxHandlers.deleteInboxHandler);

  app.openapi(brandRoutes.listBrands, brandHandlers.listBrandsHandler);
  app.openapi(brandRoutes.createBrand, brandHandlers.createBrandHandler);
  app.openapi(brandRoutes.getBrand, brandHandlers.getBrandHandler);
  app.openapi(brandRoutes.updateBrand, brandHandlers.updateBrandHandler);
  app.openapi(brandRoutes.deleteBrand, brandHandlers.deleteBrandHandler);

  app.openapi(apiKeyRoutes.listApiKeys, apiKeyHandlers.listApiKeysHandler);
  app.openapi(apiKeyRoutes.createApiKey, apiKeyHandlers.createApiKeyHandler);
  app.openapi(apiKeyRoutes.getApiKey, apiKeyHandlers.getApiKeyHandler);
  app.openapi(apiKeyRoutes.updateApiKey, apiKeyHandlers.updateApiKeyHandler);
  app.openapi(apiKeyRoutes.revokeApiKey, apiKeyHandlers.revokeApiKeyHandler);
}
