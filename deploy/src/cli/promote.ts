import { parseArgs } from 'node:util';
import { promote } from '../promote';
import { ReleaseError } from '../release';
import { runCli } from './run-cli';

runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [app] = positionals;
  if (!app) throw new ReleaseError('用法: npm run promote -- <app>');
  const result = await promote(app);
  console.log(`${result.app}@${result.version} 已全量上线（之前: ${result.previous ?? '-'}；无需重启服务）`);
});
