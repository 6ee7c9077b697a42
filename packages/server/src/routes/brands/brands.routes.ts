import { createRoute, z } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery, SECURITY } from '../shared.schemas.js';
import { BrandInputSchema, BrandPageSchema, BrandSchema } from './brands.schemas.js';

const BrandParams = OrgParams.extend({
  brandId: z.string().openapi({ param: { name: 'brandId', in: 'path' }, example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const base = { tags: ['Brands'], security: SECURITY };

export const listBrands = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/brands',
  operationId: 'listBrands',
  summary: 'List brands',
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams, query: PageQuery },
  responses: { 200: jsonContent(BrandPageSchema, 'A page of brands.'), ...AUTHENTICATED_ERRORS },
});

export const createBrand = createRoute({
  ...base,
  method: 'post',
  path: '/organizations/{orgId}/brands',
  operationId: 'createBrand',
  summary: 'Create a brand',
  middleware: [requireKey('write')] as const,
  request: { params: OrgParams, body: jsonBody(BrandInputSchema) },
  responses: { 201: jsonContent(BrandSchema, 'The created brand.'), ...AUTHENTICATED_ERRORS },
});

export const getBrand = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/brands/{brandId}',
  operationId: 'getBrand',
  summary: 'Get a brand',
  middleware: [requireKey('read')] as const,
  request: { params: BrandParams },
  responses: { 200: jsonContent(BrandSchema, 'The brand.'), ...AUTHENTICATED_ERRORS },
});

export const updateBrand = createRoute({
  ...base,
  method: 'patch',
  path: '/organizations/{orgId}/brands/{brandId}',
  operationId: 'updateBrand',
  summary: 'Rename a brand',
  middleware: [requireKey('write')] as const,
  request: { params: BrandParams, body: jsonBody(BrandInputSchema) },
  responses: { 200: jsonContent(BrandSchema, 'The updated brand.'), ...AUTHENTICATED_ERRORS },
});

export const deleteBrand = createRoute({
  ...base,
  method: 'delete',
  path: '/organizations/{orgId}/brands/{brandId}',
  operationId: 'deleteBrand',
  summary: 'Delete a brand',
  description: 'Its inboxes become organization-wide; API keys scoped to it are deleted.',
  middleware: [requireKey('write')] as const,
  request: { params: BrandParams },
  responses: { 204: { description: 'Deleted.' }, ...AUTHENTICATED_ERRORS },
});
