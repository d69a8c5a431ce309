import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { websiteOperations } from '@hireloop/contract/operations/website';
import type { Website, WebsitePatchBody, WebsiteRole, WebsiteRolePatchBody, WebsiteStats } from '@hireloop/contract/website';
import { call } from '../../lib/operations.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';
import { statsRange, type StatsPeriod } from './format.ts';

export const websiteKeys = {
  all: (organisationId: string) => ['organisation', organisationId, 'website'] as const,
  site: (organisationId: string) => ['organisation', organisationId, 'website', 'site'] as const,
  stats: (organisationId: string, period: StatsPeriod, roleId: string | null = null) =>
    ['organisation', organisationId, 'website', 'stats', period, roleId] as const,
};

/** What the signed-in member may do here: see the dashboard, change the site, subscribe. */
export function useWebsitePermissions() {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  return {
    canView: permissions.includes('website.view'),
    canManage: permissions.includes('website.manage'),
    canSubscribe: permissions.includes('billing.manage'),
  };
}

export function useWebsite() {
  const organisationId = useOrganisationId();
  const { canView } = useWebsitePermissions();
  return useQuery({
    queryKey: websiteKeys.site(organisationId),
    queryFn: async (): Promise<Website> => (await call(websiteOperations.get)).website,
    enabled: organisationId !== '' && canView,
    retry: false,
  });
}

/** The figures for the period: the whole site's, or with a role (`filter[role]`) that role's days and totals. */
export function useWebsiteStats(period: StatsPeriod, roleId: string | null = null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: websiteKeys.stats(organisationId, period, roleId),
    queryFn: async (): Promise<WebsiteStats> =>
      (
        await call(websiteOperations.stats, {
          query: { ...statsRange(period), ...(roleId === null ? {} : { filter: { role: roleId } }) },
        })
      ).stats,
    enabled: organisationId !== '',
    // Another period keeps the figures shown while the next load; another role does not, so the
    // figures on screen are always the chosen role's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[5] === roleId ? keepPreviousData(previous) : undefined),
    retry: false,
  });
}

/** The site as the server now has it goes straight into the cache; figures may have changed too. */
function useWebsiteCache() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return {
    set: (site: Website) => queryClient.setQueryData(websiteKeys.site(organisationId), site),
    setRole: (role: WebsiteRole) =>
      queryClient.setQueryData<Website>(websiteKeys.site(organisationId), (site) =>
        site ? { ...site, roles: site.roles.map((r) => (r.id === role.id ? role : r)) } : site,
      ),
    invalidate: () => queryClient.invalidateQueries({ queryKey: websiteKeys.all(organisationId) }),
    /** The job roles show whether each is published: their lists and pages are stale after a change here. */
    invalidateRoles: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles(organisationId) }),
  };
}

export function useUpdateWebsite() {
  const cache = useWebsiteCache();
  return useMutation({
    mutationFn: async (body: WebsitePatchBody): Promise<Website> => (await call(websiteOperations.update, { body })).website,
    onSuccess: (site) => {
      cache.set(site);
    },
  });
}

/** Uploads (multipart field `logo`) or removes the careers site's logo; the answer is the site with its new logo_url. */
export function useWebsiteLogo() {
  const cache = useWebsiteCache();
  const upload = useMutation({
    mutationFn: async (file: File): Promise<Website> => {
      const form = new FormData();
      form.append('logo', file);
      return (await call(websiteOperations.uploadLogo, { form })).website;
    },
    onSuccess: (site) => {
      cache.set(site);
    },
  });
  const remove = useMutation({
    mutationFn: async (): Promise<Website> => (await call(websiteOperations.removeLogo)).website,
    onSuccess: (site) => {
      cache.set(site);
    },
  });
  return { upload, remove };
}

export function useUpdateWebsiteRole() {
  const cache = useWebsiteCache();
  return useMutation({
    mutationFn: async ({ roleId, body }: { roleId: string; body: WebsiteRolePatchBody }): Promise<WebsiteRole> =>
      (await call(websiteOperations.updateRole, { params: { roleId }, body })).role,
    onSuccess: (role) => {
      cache.setRole(role);
      void cache.invalidateRoles();
    },
  });
}

/** After subscribing (from this page) the site's state changes. */
export function useInvalidateWebsite() {
  return useWebsiteCache().invalidate;
}
