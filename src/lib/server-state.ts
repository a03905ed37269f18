import type { DehydratedState } from '@tanstack/react-query';

/** The id of the data block in which a server-rendered page carries the queries it was rendered with. */
export const SERVER_STATE_ID = 'server-state';

/** True on a page whose HTML the server rendered (the browser then takes that HTML over instead of drawing anew). */
export function isServerRendered(): boolean {
  return document.getElementById(SERVER_STATE_ID) !== null;
}

export function readServerState(): DehydratedState | undefined {
  const block = document.getElementById(SERVER_STATE_ID);
  return block?.textContent ? (JSON.parse(block.textContent) as DehydratedState) : undefined;
}

/** A JSON data block for the page; '<' is escaped so no text in it can close the element. */
export function serverStateScript(state: DehydratedState): string {
  return `<script type="application/json" id="${SERVER_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}
