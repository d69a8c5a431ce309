import { createContext, useContext } from 'react';

/**
 * What features may ask of the session. The app (src/app/session.ts) implements them, because
 * they orchestrate several features (real-time, query cache, auth state); features only call.
 */
export type SessionActions = {
  /** Fetch `GET auth` again and reload the organisation's data (e.g. after creating an organisation). */
  refresh(): Promise<void>;
  /** `DELETE auth`; signed out locally whether or not the call succeeds. */
  logout(): Promise<void>;
  /** `PUT auth/current-organisation`, then a fresh query cache for the new organisation. */
  switchOrganisation(organisationId: string): Promise<void>;
};

export const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (actions === null) throw new Error('useSessionActions() needs the app providers');
  return actions;
}
