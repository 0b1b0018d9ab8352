/** How this build was asked for: for the release store or a team's dev server, and whether for a CPU profile. */

/**
 * `PROFILE_BUILD=1` (`npm run bench:cpu-profile`): not minified, modules named by their path, so that a profile's frames
 * name the modules they are in. For the benchmarks' own release stores only: never set it for `npm run release`.
 */
const PROFILE_BUILD = Boolean(process.env.PROFILE_BUILD);
export const profileOutput = PROFILE_BUILD ? { minify: false } : {};
export const profileTools = PROFILE_BUILD ? { rspack: { optimization: { moduleIds: 'named' as const } } } : {};

/** A build for the release store (deploy/ sets the versioned public path), as opposed to a team's dev server. */
export const RELEASE_BUILD = Boolean(process.env.ASSET_PREFIX);
