/**
 * Module Federation runtime plugin, for every federation instance of the page (the host's and each remote's): a
 * singleton is consumed without the runtime comparing its provider's version with the range the consumer states. That
 * comparison, at each consumption of each shared module, could only warn; the release check is what refuses a remote
 * whose ranges the live host does not meet (docs/architecture.md, "One fast first load": short tasks). The range stays
 * in each remote's manifest for that check.
 */
import { type ModuleFederationRuntimePlugin, registerGlobalPlugins } from '@module-federation/enhanced/runtime';

type BeforeLoadShare = NonNullable<ModuleFederationRuntimePlugin['beforeLoadShare']>;
type LoadShareArgs = Parameters<BeforeLoadShare>[0];

/** A singleton's consumption with no range to compare, unless the consumer asked for a strict one. */
export function withoutRuntimeRange(args: LoadShareArgs): LoadShareArgs {
  const config = args.shareInfo?.shareConfig;
  if (!args.shareInfo || !config?.singleton || config.strictVersion || config.requiredVersion === false) return args;
  return { ...args, shareInfo: { ...args.shareInfo, shareConfig: { ...config, requiredVersion: false } } };
}

export function releaseCheckedRanges(): ModuleFederationRuntimePlugin {
  return { name: 'release-checked-ranges', beforeLoadShare: withoutRuntimeRange };
}

/**
 * As the host's runtime plugin: registered globally too, before any remote's instance exists, so that the remotes'
 * instances, which their own builds configure, consume the same way.
 */
export default function releaseCheckedRangesPlugin(): ModuleFederationRuntimePlugin {
  registerGlobalPlugins([releaseCheckedRanges()]);
  return releaseCheckedRanges();
}
