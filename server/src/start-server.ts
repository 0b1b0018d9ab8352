import { buildServer } from './app';
import { configFromEnv } from './config';

export async function startServer(): Promise<void> {
  const config = configFromEnv();
  const app = await buildServer(config, { logger: process.env.LOG_LEVEL !== 'silent' });
  await app.listen({ port: config.port, host: config.host });
  console.log(`优税通已启动: http://localhost:${config.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}
