import { createContext, useContext } from 'react';

/** The shop's origin (https://host), given by the server while it renders a page; the browser knows its own. */
export const OriginContext = createContext<string | null>(null);

export function useOrigin(): string {
  return useContext(OriginContext) ?? window.location.origin;
}
