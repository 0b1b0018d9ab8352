import { listReleases } from '../releases';
import { releaseDir } from '../workspace';
import { runCli } from './run-cli';

runCli(async () => {
  console.log(await listReleases(releaseDir(), process.argv[2]));
});
