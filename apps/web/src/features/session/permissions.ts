import type { Permission } from '@hireloop/contract/permissions';
import { useAuth } from './auth-store.ts';

/**
 * Whether the signed-in member may do something in the current organisation: the permissions
 * GET /auth returns for it, which the server derives from the one matrix in
 * packages/contract/src/permissions.ts. Prompts and calls to action ask this before offering.
 */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  return (permission) => permissions.includes(permission);
}
