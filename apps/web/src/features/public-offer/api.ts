import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineOfferBody, PublicOffer, PublicOfferResponse } from '@hireloop/contract/offers';
import { api } from '../../lib/api-client.ts';

const publicOfferKey = (token: string) => ['public-offer', token] as const;
const path = (token: string, rest = '') => `public/offers/${encodeURIComponent(token)}${rest}`;

/** The candidate's offer behind the link (no account; cookies play no part). */
export function usePublicOffer(token: string) {
  return useQuery({
    queryKey: publicOfferKey(token),
    queryFn: async () => (await api.get<PublicOfferResponse>(path(token))).offer,
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Accept or decline. A fresh browser has no anti-forgery cookie yet: it is fetched first. */
export function useAnswerOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: { accept: true } | { accept: false; body: DeclineOfferBody }) => {
      await api.csrf();
      const response = answer.accept
        ? await api.post<PublicOfferResponse>(path(token, '/accept'), {})
        : await api.post<PublicOfferResponse>(path(token, '/decline'), answer.body ?? {});
      return response.offer;
    },
    onSuccess: (offer: PublicOffer) => queryClient.setQueryData(publicOfferKey(token), offer),
  });
}
