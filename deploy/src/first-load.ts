/**
 * The host page's first load (docs/architecture.md, "One fast first load"): the server writes the live registry (the
 * `/remotes.json` document) into the host's index.html as a JSON data block with this id, and the host reads it there
 * instead of fetching it.
 */
export const LIVE_REMOTES_BLOCK_ID = 'live-remotes';
/**
 * Beside it, the manifest (`mf-manifest.json`) of the remote that owns the address, as another block with this id (its
 * address in `data-url`): the host's federation runtime takes it from the page instead of fetching it, once.
 */
export const PAGE_MANIFEST_BLOCK_ID = 'page-remote-manifest';
