import type { AppRouteHandler } from '../../http/app-env.js';
import type { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './brands.routes.js';

export const listBrandsHandler: AppRouteHandler<typeof listBrands> = async (c) =>
  c.json(await c.var.services.brands.list(c.var.principal, c.req.valid('query')), 200);

export const createBrandHandler: AppRouteHandler<typeof createBrand> = async (c) =>
  c.json(await c.var.services.brands.create(c.var.principal, c.req.valid('json')), 201);

export const getBrandHandler: AppRouteHandler<typeof getBrand> = async (c) =>
  c.json(await c.var.services.brands.get(c.var.principal, c.req.valid('param').brandId), 200);

export const updateBrandHandler: AppRouteHandler<typeof updateBrand> = async (c) =>
  c.json(await c.var.services.brands.update(c.var.principal, c.req.valid('param').brandId, c.req.valid('json')), 200);

export const deleteBrandHandler: AppRouteHandler<typeof deleteBrand> = async (c) => {
  await c.var.services.brands.delete(c.var.principal, c.req.valid('param').brandId);
  return c.body(null, 204);
};
