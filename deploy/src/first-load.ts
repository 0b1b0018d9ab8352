/**
 * The host page's first load (docs/architecture.md, "One fast first load"): the server writes the live registry (the
 * `/remotes.json` document) into the host's index.html as a JSON data block with this id, and the host reads it there
 * instead of fetching it.
 */
export const LIVE_REMOTES_BLOCK_ID = 'live-remotes';
