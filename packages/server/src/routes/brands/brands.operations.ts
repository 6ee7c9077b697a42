import { z } from '@hono/zod-openapi';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import { BrandDeletionSchema, BrandInputSchema, BrandPageSchema, BrandSchema } from './brands.schemas.js';

const BrandParams = OrgParams.extend({
  brandId: z.string().openapi({ param: { name: 'brandId', in: 'path' }, example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const tags = ['Brands'];

export const listBrands = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/brands',
    tags,
    operationId: 'listBrands',
    summary: 'List brands',
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(BrandPageSchema, 'A page of brands.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.brands.list(c.var.principal, c.req.valid('query')), 200),
});

export const createBrand = defineOperation({
  scope: 'write',
  organizationWide: 'create brands',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/brands',
    tags,
    operationId: 'createBrand',
    summary: 'Create a brand',
    request: { params: OrgParams, body: jsonBody(BrandInputSchema) },
    responses: { 201: jsonContent(BrandSchema, 'The created brand.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.brands.create(c.var.principal, c.req.valid('json')), 201),
});

export const getBrand = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/brands/{brandId}',
    tags,
    operationId: 'getBrand',
    summary: 'Get a brand',
    request: { params: BrandParams },
    responses: { 200: jsonContent(BrandSchema, 'The brand.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.brands.get(c.var.principal, c.req.valid('param').brandId), 200),
});

export const updateBrand = defineOperation({
  scope: 'write',
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/brands/{brandId}',
    tags,
    operationId: 'updateBrand',
    summary: 'Rename a brand',
    request: { params: BrandParams, body: jsonBody(BrandInputSchema) },
    responses: { 200: jsonContent(BrandSchema, 'The updated brand.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.brands.update(c.var.principal, c.req.valid('param').brandId, c.req.valid('json')), 200),
});

export const deleteBrand = defineOperation({
  scope: 'write',
  organizationWide: 'delete brands',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/brands/{brandId}',
    tags,
    operationId: 'deleteBrand',
    summary: 'Delete a brand',
    description:
      'Its inboxes and their feedback become organization-wide. API keys scoped to the brand are deleted with it (a key limited to a brand cannot outlive it); the answer says how many.',
    request: { params: BrandParams },
    responses: {
      200: jsonContent(BrandDeletionSchema, 'Deleted, with the number of API keys deleted with it.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.brands.delete(c.var.principal, c.req.valid('param').brandId), 200),
});
