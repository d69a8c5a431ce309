import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type { JobRole, RolesResponse } from '@hireloop/contract/roles';
import type { OrganisationUser, UsersResponse } from '@hireloop/contract/users';
import { getCurrentOrganisation, orgApi } from './api-client';
import { createCachedSearch } from './cached-search';

// Selection lists want every item, not the default page of 25; filtered results are capped alike.
const page = { per_page: MAX_PER_PAGE };
const scope = { scope: getCurrentOrganisation };

/** Job roles of the current organisation; a blank term is answered from the cache (docs/product.md §6). */
export const roleSearch = createCachedSearch<JobRole>(
  async () => (await orgApi.get<RolesResponse>('role', page)).roles.data,
  async (term) => (await orgApi.get<RolesResponse>('role', { ...page, filter: { name: term } })).roles.data,
  scope,
);

/** Users of the current organisation; a blank term is answered from the cache (docs/product.md §6). */
export const userSearch = createCachedSearch<OrganisationUser>(
  async () => (await orgApi.get<UsersResponse>('users', page)).users.data,
  async (term) => (await orgApi.get<UsersResponse>('users', { ...page, filter: { name: term } })).users.data,
  scope,
);
