import { parseArgs } from 'node:util';
import { AUDIENCE_FORMAT, describeAudience, parseCanaryAudience } from '../canary-audience';
import { release, ReleaseError } from '../release';
import { runCli } from './run-cli';

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, version: { type: 'string' }, canary: { type: 'string' } },
  });
  const [app] = positionals;
  if (!app) throw new ReleaseError('用法: npm run release -- <app> [--force] [--version <semver>] [--canary <比例>|test-users]');
  const canary = values.canary === undefined ? undefined : parseCanaryAudience(values.canary);
  if (canary === null) throw new ReleaseError(`灰度范围无效: "${values.canary}"。应为 ${AUDIENCE_FORMAT}。`);
  // Releasing a version again with the same files says so (the release logs it) and succeeds.
  const result = await release(app, {
    force: values.force,
    version: values.version,
    log: (line) => console.log(line),
    ...(canary && { canary }),
  });
  if (result.unchanged) return;
  if (result.canary) {
    console.log(
      `${result.app}@${result.version} 已灰度上线: ${describeAudience(result.canary)}；其余用户仍是 ${result.previous ?? '-'}。全量: npm run promote -- ${result.app}；结束灰度: npm run rollback -- ${result.app}`,
    );
  } else {
    console.log(`${result.app}@${result.version} 已上线${result.previous ? `（之前: ${result.previous}）` : ''}`);
  }
});
