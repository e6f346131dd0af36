import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Session } from './api.js';

export interface SessionState {
  session: Session;
  /** Replaces the session after a plan change or a refresh. */
  setSession(session: Session): void;
  logOut(): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside a logged-in shell');
  return state;
}

const RANK = { viewer: 0, member: 1, admin: 2, owner: 3 } as const;

/**
 * Whether the session's role in its workspace reaches `needed` (owner > admin > member > viewer): screens hide what
 * the API would refuse (each dashboard operation's `x-role` in openapi.yaml; the server checks it regardless).
 */
export function can(session: Session, needed: Session['role']): boolean {
  return RANK[session.role] >= RANK[needed];
}

/** The admin command inside the server's plan instructions, for a copyable code block. */
export function operatorCommand(instructions: string | null): string | null {
  return instructions ? (/`([^`]+)`/.exec(instructions)?.[1] ?? null) : null;
}
