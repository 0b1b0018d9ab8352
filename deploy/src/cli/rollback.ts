import { parseArgs } from 'node:util';
import { rollback } from '../rollback';
import { runCli } from './run-cli';

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [app] = positionals;
  if (!app) throw Object.assign(new Error('用法: npm run rollback -- <app> [--to <version>] [--force]'), { name: 'ReleaseError' });
  const result = await rollback(app, { to: values.to, force: values.force });
  if (result.endedCanary)
    console.log(`${result.app} 灰度已结束: ${result.previous ?? '-'} 已回滚，所有用户回到线上版本 ${result.version}（无需重启服务）`);
  else console.log(`${result.app} 已回滚: ${result.previous ?? '-'} → ${result.version}（无需重启服务）`);
});
