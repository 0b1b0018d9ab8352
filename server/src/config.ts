/** The server's settings, from the environment. */
import { releaseDir } from '@app/deploy/workspace';

export interface ServerConfig {
  port: number;
  host: string;
  /** The release store the live host and remotes are served from. */
  releaseDir: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  return { port, host: env.HOST ?? '0.0.0.0', releaseDir: releaseDir() };
}
