import { parseArgs } from 'node:util';
import { release } from '../release';
import { runCli } from './run-cli';

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, version: { type: 'string' } },
  });
  const [app] = positionals;
  if (!app) throw Object.assign(new Error('用法: npm run release -- <app> [--force] [--version <semver>]'), { name: 'ReleaseError' });
  // Releasing a version again with the same files says so (the release logs it) and succeeds.
  const result = await release(app, { force: values.force, version: values.version, log: (line) => console.log(line) });
  if (!result.unchanged) console.log(`${result.app}@${result.version} 已上线${result.previous ? `（之前: ${result.previous}）` : ''}`);
});
