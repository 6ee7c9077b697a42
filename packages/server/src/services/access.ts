import type { Principal, Scope } from '../domain/api-key.js';
import { ApiError } from '../errors/api-error.js';
import type { BrandScope } from '../storage/repositories/brands.js';

export function scopeOf(principal: Principal): BrandScope {
  return { orgId: principal.orgId, brandId: principal.brandId };
}

export function requireScopeOf(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) {
    throw new ApiError(403, 'insufficient_scope', `This API key lacks the '${scope}' scope.`, {
      extensions: { requiredScope: scope },
    });
  }
}

/** Organization-wide actions (brands, plan, org-wide keys) are closed to brand-scoped keys. */
export function requireOrgWide(principal: Principal, action: string): void {
  if (principal.brandId) {
    throw new ApiError(403, 'forbidden', `A brand-scoped API key cannot ${action}.`);
  }
}
