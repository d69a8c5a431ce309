import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineOfferBody, PublicOffer } from '@hireloop/contract/offers';
import { publicOfferOperations } from '@hireloop/contract/operations/public-offers';
import { api } from '../../lib/api-client.ts';
import { call } from '../../lib/operations.ts';

const publicOfferKey = (token: string) => ['public-offer', token] as const;

/** The candidate's offer behind the link (no account; cookies play no part). */
export function usePublicOffer(token: string) {
  return useQuery({
    queryKey: publicOfferKey(token),
    queryFn: async () => (await call(publicOfferOperations.view, { params: { token } })).offer,
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
        ? await call(publicOfferOperations.accept, { params: { token }, body: {} })
        : await call(publicOfferOperations.decline, { params: { token }, body: answer.body ?? {} });
      return response.offer;
    },
    onSuccess: (offer: PublicOffer) => queryClient.setQueryData(publicOfferKey(token), offer),
  });
}
